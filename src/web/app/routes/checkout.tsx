import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { CartQuery } from '../../../shared/contracts/cart';
import { paymentPagePath } from '../../../shared/pages';
import { QueryView } from '../../components/ui/query-view';
import { Spinner } from '../../components/ui/spinner';
import { addressesQueryOptions } from '../../features/addresses/api/get-addresses';
import { firstShippingAddress } from '../../features/addresses/first-shipping-address';
import { useSession } from '../../features/auth/api/get-session';
import { useCart } from '../../features/cart/api/get-cart';
import { CartQueryView, EmptyCart } from '../../features/cart/components/cart-query-view';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { useProfile } from '../../features/profile/api/get-profile';

type Destination = CartQuery & { shippingMethod: string | null };

/**
 * /checkout: where the cart goes (a saved address or a new one) and how, beside what it holds and what
 * it costs there (shipping and tax as soon as the country and method are known); Place order, then the
 * payment page.
 */
export function CheckoutRoute() {
  const profile = useProfile();
  const session = useSession();
  const addresses = useQuery(addressesQueryOptions());
  const [placed, setPlaced] = useState(false);
  const [destination, setDestination] = useState<Destination>({ shippingMethod: null });
  const { shippingMethod, ...where } = destination;
  const priced = useCart(where);
  const onDestinationChange = useCallback(
    (next: Destination) =>
      setDestination((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next)),
    [],
  );

  const content = () => {
    if (placed) return <Spinner label="Opening the payment page…" />;
    return (
      <CartQueryView>
        {(cart) => (
          // The addresses load along with the cart: to the shopper it is still the cart loading.
          <QueryView
            query={profile}
            loadingLabel="Loading your cart…"
            errorTitle="Your address could not be loaded."
          >
            {(found) =>
              cart.items.length === 0 ? (
                <EmptyCart />
              ) : addresses.isPending ? (
                <Spinner label="Loading your cart…" />
              ) : (
                <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
                  <CheckoutForm
                    saved={addresses.data ?? []}
                    defaults={firstShippingAddress(undefined, found, session.data?.user?.name ?? '')}
                    onDestinationChange={onDestinationChange}
                    onPlaced={(order) => {
                      setPlaced(true);
                      // A document of its own: only the payment page's may load the card provider's script.
                      window.location.assign(paymentPagePath(order._id));
                    }}
                  />
                  <div className="flex flex-col gap-3">
                    <CartSummary cart={priced.data ?? cart} shippingMethod={shippingMethod} />
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
