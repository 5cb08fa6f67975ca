import { CardSection } from '#web/components/ui/card-section.tsx';
import { LineItems } from '#web/components/ui/line-items.tsx';
import { MoneyBreakdown } from '#web/components/ui/money-breakdown.tsx';
import type { Cart } from '../api/cart';
import { DiscountCodeForm } from './discount-code-form';

/**
 * The cart as the order it will become (the checkout page's summary): a part the shop no longer sells
 * is not part of it (Place order is refused, naming it, until it is removed from the cart). Shipping and
 * tax show once the checkout knows where (and how) it goes.
 */
export function CartSummary({ cart, shippingMethod }: { cart: Cart; shippingMethod?: string | null }) {
  return (
    <CardSection headingId="summary-heading" title="Order summary" bodyClassName="gap-3">
      <LineItems
        label="Parts in your order"
        lines={cart.items
          .filter((item) => item.available)
          .map((item) => ({ ...item, unitPriceCents: item.priceCents }))}
      />
      <DiscountCodeForm applied={cart.discountCode} />
      <MoneyBreakdown
        figures={cart}
        discountCode={cart.discountCode?.code}
        shippingMethod={cart.shippingCents === null ? null : shippingMethod}
        unknown="Once the country and method are chosen"
      />
    </CardSection>
  );
}
