import type { Cart } from '#shared/contracts/cart.ts';
import { centsToDollars } from '#shared/money.ts';
import type { CartMoney } from './cart-price';
import type { CartLineRow } from './service';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

/**
 * The cart as the API sends it: each line with the part's wire names and its total, and what it costs.
 * A line whose part left the shop is sent as `available: false`, costing nothing and counting no units.
 */
export function toCart(lines: CartLineRow[], money: CartMoney): Cart {
  const items = lines.map((line) => {
    const lineTotalCents = line.available ? line.priceCents * line.quantity : 0;
    return {
      partId: line.partId,
      name: line.name,
      img: line.imageUrl,
      priceCents: line.priceCents,
      quantity: line.quantity,
      minquantity: line.minQuantity,
      avaquantity: line.availableQuantity,
      price: centsToDollars(line.priceCents),
      lineTotal: centsToDollars(lineTotalCents),
      lineTotalCents,
      available: line.available,
      forLaptop:
        line.forLaptopSlug && line.forLaptopName
          ? { slug: line.forLaptopSlug, name: line.forLaptopName }
          : null,
    };
  });
  const { price } = money;
  const shippingCents = money.shippingKnown ? price.shippingCents : null;
  const taxCents = money.taxKnown ? price.taxCents : null;
  return {
    items,
    subtotal: centsToDollars(price.subtotalCents),
    subtotalCents: price.subtotalCents,
    discount: centsToDollars(price.discountCents),
    discountCents: price.discountCents,
    discountCode: money.code
      ? { code: money.code.code, kind: money.code.kind, value: money.code.value, problem: money.codeProblem }
      : null,
    shipping: dollarsOrNull(shippingCents),
    shippingCents,
    tax: dollarsOrNull(taxCents),
    taxCents,
    pricesIncludeTax: money.pricesIncludeTax,
    total: centsToDollars(price.totalCents),
    totalCents: price.totalCents,
    count: items.reduce((sum, item) => sum + (item.available ? item.quantity : 0), 0),
  };
}
