import type { Cart } from '../../../shared/contracts/cart';
import { centsToDollars } from '../../../shared/money';
import type { CartLineRow } from './service';

/** The cart as the API sends it: each line with the part's wire names and its total, and the sums. */
export function toCart(lines: CartLineRow[]): Cart {
  const items = lines.map((line) => {
    const lineTotalCents = line.priceCents * line.quantity;
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
    };
  });
  const totalCents = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  return {
    items,
    total: centsToDollars(totalCents),
    totalCents,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
  };
}
