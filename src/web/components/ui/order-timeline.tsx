import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/order-status.ts';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '#shared/returns.ts';
import { formatDayAndTime } from '#web/lib/format-date.ts';

interface OrderTimelineProps {
  timeline: { status: OrderStatus; at: string; note: string | null; returnStatus?: ReturnStatus }[];
  /** Names the order for screen readers when several timelines are on one page. */
  orderNumber: string;
}

/** An order's history, folded away until asked for (a native details element: keyboard and readers know it). */
export function OrderTimeline({ timeline, orderNumber }: OrderTimelineProps) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2">
        History<span className="sr-only"> of order {orderNumber}</span>
      </summary>
      <ol className="mt-2 flex flex-col gap-1 border-l-2 border-base-300 pl-3">
        {timeline.map((event) => (
          <li key={`${event.returnStatus ?? event.status}-${event.at}`}>
            <span className="font-semibold">
              {event.returnStatus
                ? `Return ${RETURN_STATUS_LABELS[event.returnStatus].toLowerCase()}`
                : ORDER_STATUS_LABELS[event.status]}
            </span>{' '}
            <time dateTime={event.at} className="opacity-80">
              {formatDayAndTime(event.at)}
            </time>
            {event.note ? <span className="block break-words">{event.note}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
