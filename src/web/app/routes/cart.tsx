import { CartView } from '#web/features/cart/components/cart-view.tsx';

/** /cart: the cart of a customer, or of a visitor (kept by the shop under a cookie). */
export function CartRoute() {
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Your cart</h1>
      <CartView />
    </main>
  );
}
