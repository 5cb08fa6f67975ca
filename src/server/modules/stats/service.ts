import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { categories, orderLines, orders, parts } from '#server/db/schema.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';
import { mostWantedParts } from '#server/modules/stock-alerts/service.ts';
import { ORDER_STATUSES, type OrderStatus } from '#shared/contracts/order.ts';
import { LOW_STOCK_LIMIT, MOST_WANTED_LIMIT, STATS_DAYS, type Stats } from '#shared/contracts/stats.ts';

/** Orders whose money the shop (still partly) keeps: net of what went back (refunded orders gave all of it). */
const SOLD: OrderStatus[] = ['paid', 'shipped', 'delivered', 'partially_refunded'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The owner's overview, computed in SQL. */
export async function shopStats(db: Db): Promise<Stats> {
  const since = sql`(date_trunc('day', now() at time zone 'UTC') - make_interval(days => ${STATS_DAYS - 1}))`;
  const revenue = rowsOf<{ day: string; total: string | number; orders: string | number }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0) as total, count(${orders.id}) as orders
      from generate_series(${since}, date_trunc('day', now() at time zone 'UTC'), interval '1 day') as day
      left join ${orders} on (${orders.paidAt} at time zone 'UTC') >= day
        and (${orders.paidAt} at time zone 'UTC') < day + interval '1 day'
        and ${inArray(orders.status, SOLD)}
      group by day order by day`),
  ).map((row) => ({ day: row.day, totalCents: Number(row.total), orders: Number(row.orders) }));

  const statusCounts = await db
    .select({ status: orders.status, value: count() })
    .from(orders)
    .groupBy(orders.status);
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, value } of statusCounts) ordersByStatus[status] = value;

  // Units kept: refunded ones are not sold.
  const units = sum(sql`${orderLines.quantity} - ${orderLines.refundedQuantity}`).mapWith(Number);
  const bestSellers = await db
    .select({
      partId: orderLines.partId,
      name: sql<string>`max(${orderLines.partName})`,
      units,
      revenueCents: sum(
        sql`${orderLines.unitPriceCents} * (${orderLines.quantity} - ${orderLines.refundedQuantity})`,
      ).mapWith(Number),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orders.status, SOLD), gte(sql`${orders.paidAt} at time zone 'UTC'`, since)))
    .groupBy(orderLines.partId)
    .having(sql`sum(${orderLines.quantity} - ${orderLines.refundedQuantity}) > 0`)
    .orderBy(desc(units), asc(orderLines.partId))
    .limit(10);

  const scarce = and(onSale, lt(parts.availableQuantity, sql`2 * ${parts.minQuantity}`));
  const [lowStock, [lowStockTotal], mostWanted] = await Promise.all([
    db
      .select({
        partId: parts.id,
        name: parts.name,
        available: parts.availableQuantity,
        minimum: parts.minQuantity,
        category: categories.slug,
      })
      .from(parts)
      .innerJoin(categories, eq(categories.id, parts.categoryId))
      .where(scarce)
      .orderBy(asc(sql`${parts.availableQuantity}::float / ${parts.minQuantity}`), asc(parts.name))
      .limit(LOW_STOCK_LIMIT),
    db.select({ value: count() }).from(parts).where(scarce),
    mostWantedParts(db, MOST_WANTED_LIMIT),
  ]);

  return {
    currency: 'usd',
    revenue,
    ordersByStatus,
    bestSellers,
    lowStock,
    lowStockTotal: lowStockTotal?.value ?? 0,
    mostWanted,
  };
}
