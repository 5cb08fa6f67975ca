import { useState } from 'react';
import { Link } from 'react-router';
import { paymentPagePath } from '../../../shared/pages';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';
import { useCart } from '../../features/cart/api/get-cart';
import { CartSummary } from '../../features/cart/components/cart-summary';
import { CheckoutForm } from '../../features/checkout/components/checkout-form';
import { useProfile } from '../../features/profile/api/get-profile';
import { useDocumentTitle } from '../../lib/use-document-title';

/**
 * /checkout: where the cart goes (prefilled from the profile) beside what it holds; Place order, then
 * the payment page.
 */
export function CheckoutRoute() {
  useDocumentTitle('Checkout');
  const cart = useCart();
  const profile = useProfile();
  const session = useSession();
  const [placed, setPlaced] = useState(false);

  const content = () => {
    if (placed) return <Spinner label="Opening the payment page…" />;
    if (cart.isPending || profile.isPending) return <Spinner label="Loading your cart…" />;
    if (cart.isError)
      return (
        <QueryError
          title="Your cart could not be loaded."
          error={cart.error}
          onRetry={() => void cart.refetch()}
        />
      );
    if (profile.isError)
      return (
        <QueryError
          title="Your address could not be loaded."
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      );
    if (cart.data.items.length === 0)
      return (
        <div className="flex flex-col items-start gap-3">
          <p>Your cart is empty.</p>
          <Link to="/parts" className="btn btn-primary">
            Browse all parts
          </Link>
        </div>
      );
    const { name, address, location, phone } = profile.data;
    return (
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
          <CartSummary cart={cart.data} />
          <Link to="/cart" className="link self-start">
            Change the cart
          </Link>
        </div>
      </div>
    );
  };

  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {content()}
    </main>
  );
}
