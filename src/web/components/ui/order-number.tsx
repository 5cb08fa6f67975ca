import type { Order } from '#shared/contracts/order.ts';
import { formatDay, formatDayAndTime } from '#web/lib/format-date.ts';

/** An order's number and when it was placed, as the order tables show them (`withTime`: its hour too). */
export function OrderNumber({ order, withTime = false }: { order: Order; withTime?: boolean }) {
  return (
    <>
      <span className="block font-mono font-semibold whitespace-nowrap">{order.number}</span>
      <time dateTime={order.createdAt} className="block text-xs whitespace-nowrap">
        {withTime ? formatDayAndTime(order.createdAt) : formatDay(order.createdAt)}
      </time>
    </>
  );
}
