import type { Cart } from '../../../../shared/contracts/cart';
import { CardSection } from '../../../components/ui/card-section';
import { LineItems } from '../../../components/ui/line-items';

/**
 * The cart as the order it will become (the checkout page's summary): a part the shop no longer sells
 * is not part of it (Place order is refused, naming it, until it is removed from the cart).
 */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <CardSection headingId="summary-heading" title="Order summary" bodyClassName="gap-3">
      <LineItems
        label="Parts in your order"
        lines={cart.items
          .filter((item) => item.available)
          .map((item) => ({ ...item, unitPriceCents: item.priceCents }))}
        totalCents={cart.totalCents}
      />
    </CardSection>
  );
}
