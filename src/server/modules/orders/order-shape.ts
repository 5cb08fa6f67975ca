import type { Order } from '../../../shared/contracts/order';
import { centsToDollars } from '../../../shared/money';
import type { orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** Maps a stored order to the spec's read shape (price is the unit price in dollars). */
export function toOrderReadShape(row: OrderRow): Order {
  return {
    _id: row.id,
    user: row.buyerEmail,
    userName: row.buyerName,
    partId: row.partId,
    parts: row.partName,
    price: centsToDollars(row.unitPriceCents),
    priceCents: row.unitPriceCents,
    quantity: row.quantity,
    total: centsToDollars(row.totalCents),
    totalCents: row.totalCents,
    paid: row.status === 'paid' || row.status === 'shipped',
    status: row.status,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
  };
}
