import { useState } from 'react';
import { Link } from 'react-router';
import { paymentPagePath } from '../../../shared/pages';
import { QueryView } from '../../components/ui/query-view';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { CartQueryView, EmptyCart } from '../../features/cart/components/cart-query-view';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { useProfile } from '../../features/profile/api/get-profile';

/**
 * /checkout: where the cart goes (prefilled from the profile) beside what it holds; Place order, then
 * the payment page.
 */
export function CheckoutRoute() {
  const profile = useProfile();
  const session = useSession();
  const [placed, setPlaced] = useState(false);

  const content = () => {
    if (placed) return <Spinner label="Opening the payment page…" />;
    return (
      <CartQueryView>
        {(cart) => (
          // The address loads along with the cart: to the shopper it is still the cart loading.
          <QueryView
            query={profile}
            loadingLabel="Loading your cart…"
            errorTitle="Your address could not be loaded."
          >
            {({ name, address, location, phone }) =>
              cart.items.length === 0 ? (
                <EmptyCart />
              ) : (
                <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
                  <CheckoutForm
                    defaults={{ name: name || session.data?.user?.name || '', address, location, phone }}
                    onPlaced={(order) => {
                      setPlaced(true);
                      // A document of its own: only the payment page's may load the card provider's script.
                      window.location.assign(paymentPagePath(order._id));
                    }}
                  />
                  <div className="flex flex-col gap-3">
                    <CartSummary cart={cart} />
                    <Link to="/cart" className="link self-start">
                      Change the cart
                    </Link>
                  </div>
                </div>
              )
            }
          </QueryView>
        )}
      </CartQueryView>
    );
  };

  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {content()}
    </main>
  );
}
