import type { Cart } from '../../../../shared/contracts/cart';
import { LineItems } from '../../../components/ui/line-items';

/** The cart as the order it will become (the checkout page's summary). */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <section aria-labelledby="summary-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 id="summary-heading" className="card-title">
          Order summary
        </h2>
        <LineItems
          label="Parts in your order"
          lines={cart.items.map((item) => ({ ...item, unitPriceCents: item.priceCents }))}
          totalCents={cart.totalCents}
        />
      </div>
    </section>
  );
}
