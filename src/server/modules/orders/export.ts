import { Readable } from 'node:stream';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { orderEvents, orderLines, orders } from '#server/db/schema.ts';
import { csvText, spreadsheetCsv } from '#server/lib/spreadsheet-csv.ts';
import type { OrderStatus } from '#shared/contracts/order.ts';
import { adminOrderFilter } from './service';

const PAGE = 500;

const COLUMNS = [
  'order number',
  'date',
  'status',
  'customer name',
  'customer email',
  'ship to name',
  'ship to address',
  'ship to location',
  'ship to region',
  'ship to postal code',
  'ship to country',
  'ship to phone',
  'part',
  'for laptop',
  'quantity',
  'unit price',
  'line total',
  'refunded quantity',
  'order subtotal',
  'discount',
  'discount code',
  'shipping',
  'shipping method',
  'tax',
  'order total',
  'refunded',
  'net total',
  'currency',
  'payment reference',
  'tracking number',
  'paid at',
  'shipped at',
  'delivered at',
  'refunded at',
  'refund reason',
];

/** The moments of an order's timeline the export gives a column each ('refunded at': the last refund). */
const MOMENTS = ['paid', 'shipped', 'delivered', 'refunded'] as const;
const REFUNDS = ['partially_refunded', 'refunded'] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Every line of every order the filter selects, oldest first, read a page of orders at a time. */
export async function* orderLineRows(db: Db, filter: { status?: OrderStatus; q?: string }) {
  const where = adminOrderFilter(filter);
  // The cursor is the last order's id: compared in the database, at its own (microsecond) precision.
  let after: string | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${orders.createdAt}, ${orders.id}) > (select o.created_at, o.id from ${orders} o where o.id = ${after})`
      : undefined;
    const page: (typeof orders.$inferSelect)[] = await db
      .select()
      .from(orders)
      .where(and(where, cursor))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(PAGE);
    if (page.length === 0) return;
    const lines = await db
      .select()
      .from(orderLines)
      .where(
        inArray(
          orderLines.orderId,
          page.map((order) => order.id),
        ),
      )
      .orderBy(asc(orderLines.position));
    const events = await db
      .select({
        orderId: orderEvents.orderId,
        toStatus: orderEvents.toStatus,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(
        and(
          inArray(
            orderEvents.orderId,
            page.map((order) => order.id),
          ),
          inArray(orderEvents.toStatus, [...MOMENTS, ...REFUNDS]),
        ),
      );
    for (const order of page) {
      const timeline = events.filter((event) => event.orderId === order.id);
      const refunds = timeline
        .filter((event) => (REFUNDS as readonly string[]).includes(event.toStatus))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const at = (status: (typeof MOMENTS)[number]) =>
        (status === 'refunded'
          ? refunds.at(-1)
          : timeline.find((event) => event.toStatus === status)
        )?.createdAt.toISOString() ?? '';
      // Every refund's reason, oldest first.
      const reasons = refunds.flatMap((event) => (event.note ? [event.note] : [])).join('; ');
      const address = order.shippingAddress;
      for (const line of lines.filter((candidate) => candidate.orderId === order.id)) {
        yield [
          order.number,
          order.createdAt.toISOString(),
          order.status,
          csvText(order.buyerName),
          csvText(order.buyerEmail),
          csvText(address.name),
          csvText(address.address),
          csvText(address.location),
          csvText(address.region ?? ''),
          csvText(address.postalCode ?? ''),
          csvText(address.country ?? ''),
          csvText(address.phone),
          csvText(line.partName),
          csvText(line.forLaptopName ?? ''),
          String(line.quantity),
          dollars(line.unitPriceCents),
          dollars(line.lineTotalCents),
          String(line.refundedQuantity),
          dollars(order.subtotalCents),
          dollars(order.discountCents),
          csvText(order.discountCode ?? ''),
          dollars(order.shippingCents),
          csvText(order.shippingMethodName ?? ''),
          dollars(order.taxCents),
          dollars(order.totalCents),
          dollars(order.refundedCents),
          dollars(order.totalCents - order.refundedCents),
          order.currency,
          csvText(order.transactionId ?? ''),
          csvText(order.trackingNumber ?? ''),
          ...MOMENTS.map(at),
          csvText(reasons),
        ];
      }
    }
    after = page.at(-1)!.id;
  }
}

/**
 * The orders as CSV (the shop's spreadsheet rules: `lib/spreadsheet-csv.ts`), streamed: pages are read as
 * the client takes the bytes, so memory stays flat however many orders there are.
 */
export function ordersCsv(db: Db, filter: { status?: OrderStatus; q?: string }): Readable {
  const csv = spreadsheetCsv({ header: true, columns: COLUMNS });
  const source = Readable.from(orderLineRows(db, filter));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
