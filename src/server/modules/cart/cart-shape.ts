import type { Cart } from '../../../shared/contracts/cart';
import { centsToDollars } from '../../../shared/money';
import type { CartLineRow } from './service';

/**
 * The cart as the API sends it: each line with the part's wire names and its total, and the sums. A
 * line whose part left the shop is sent as `available: false`, costing nothing and counting no units.
 */
export function toCart(lines: CartLineRow[]): Cart {
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
  const totalCents = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  return {
    items,
    total: centsToDollars(totalCents),
    totalCents,
    count: items.reduce((sum, item) => sum + (item.available ? item.quantity : 0), 0),
  };
}
