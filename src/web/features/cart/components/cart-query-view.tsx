import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryView } from '#web/components/ui/query-view.tsx';
import type { Cart } from '../api/cart';
import { useCart } from '../api/get-cart';

/** The cart as fetched, for every page that shows it: loading, failed (with retry), then `children`. */
export function CartQueryView({ children }: { children: (cart: Cart) => ReactNode }) {
  const cart = useCart();
  return (
    <QueryView query={cart} loadingLabel="Loading your cart…" errorTitle="Your cart could not be loaded.">
      {children}
    </QueryView>
  );
}

/** An empty cart leads to the parts. */
export function EmptyCart() {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>Your cart is empty.</p>
      <Link to="/parts" className="btn btn-primary">
        Browse all parts
      </Link>
    </div>
  );
}
