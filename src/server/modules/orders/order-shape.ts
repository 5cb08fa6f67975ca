import type { orderEvents, orderLines } from '#server/db/schema.ts';
import type { Order } from '#shared/contracts/order.ts';
import { centsToDollars } from '#shared/money.ts';
import { actionsFor, type OrderRow, type OrderViewer } from './state-machine';

export type OrderWithLines = OrderRow & {
  lines: (typeof orderLines.$inferSelect)[];
  events: (typeof orderEvents.$inferSelect)[];
};

/** The columns-to-read of an order with its lines and timeline, for Drizzle's relational queries. */
export const withLinesAndTimeline = {
  lines: {
    orderBy: (line: typeof orderLines, { asc }: { asc: (column: unknown) => unknown }) => [
      asc(line.position),
    ],
  },
  events: {
    orderBy: (event: typeof orderEvents, { asc }: { asc: (column: unknown) => unknown }) => [
      asc(event.createdAt),
    ],
  },
} as const;

/** The laptop a line was bought for, as it was named then (an order line's, or a returned line's copy). */
export const forLaptopOf = (line: { forLaptopSlug: string | null; forLaptopName: string | null }) =>
  line.forLaptopSlug && line.forLaptopName ? { slug: line.forLaptopSlug, name: line.forLaptopName } : null;

const PAID_STATUSES = new Set(['paid', 'shipped', 'delivered', 'partially_refunded', 'refunded']);

/**
 * An order as read: the compatible purchase fields first (for several lines, `parts` names each line
 * and `price` is the total: docs/decisions/010), then the full order, with the moves it allows its viewer.
 */
export function toOrderReadShape(order: OrderWithLines, viewer: OrderViewer): Order {
  const single = order.lines.length === 1 ? order.lines[0]! : null;
  const priceCents = single ? single.unitPriceCents : order.totalCents;
  return {
    _id: order.id,
    user: order.buyerEmail,
    userName: order.buyerName,
    parts: single
      ? single.partName
      : order.lines.map((line) => `${line.partName} × ${line.quantity}`).join(', '),
    price: centsToDollars(priceCents),
    priceCents,
    quantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    paid: PAID_STATUSES.has(order.status),
    transactionId: order.transactionId,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    lines: order.lines.map((line) => ({
      lineId: line.id,
      partId: line.partId,
      name: line.partName,
      unitPrice: centsToDollars(line.unitPriceCents),
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotal: centsToDollars(line.lineTotalCents),
      lineTotalCents: line.lineTotalCents,
      discountCents: line.discountCents,
      taxCents: line.taxCents,
      refundedQuantity: line.refundedQuantity,
      forLaptop: forLaptopOf(line),
    })),
    subtotal: centsToDollars(order.subtotalCents),
    subtotalCents: order.subtotalCents,
    discount: centsToDollars(order.discountCents),
    discountCents: order.discountCents,
    shipping: centsToDollars(order.shippingCents),
    shippingCents: order.shippingCents,
    tax: centsToDollars(order.taxCents),
    taxCents: order.taxCents,
    pricesIncludeTax: order.pricesIncludeTax,
    refunded: centsToDollars(order.refundedCents),
    refundedCents: order.refundedCents,
    shippingRefunded: order.shippingRefunded,
    shippingMethod: order.shippingMethodName,
    discountCode: order.discountCode,
    total: centsToDollars(order.totalCents),
    totalCents: order.totalCents,
    currency: order.currency,
    shippingAddress: { region: '', postalCode: '', country: '', ...order.shippingAddress },
    expiresAt: order.expiresAt?.toISOString() ?? null,
    trackingNumber: order.trackingNumber,
    timeline: order.events.map((event) => ({
      status: event.toStatus,
      at: event.createdAt.toISOString(),
      note: event.note,
      ...(event.returnStatus && { returnStatus: event.returnStatus }),
    })),
    actions: actionsFor(order, viewer),
  };
}
