import { RETURN_WINDOW_DAYS } from './site-pages';

/**
 * Returns of delivered parts: their states, reasons and how each reads to people. Free of zod
 * (contracts/returns.ts builds its schemas from these), so order pages in the browser can show them.
 * The moves between the states are declared once, in server/modules/returns/return-machine.ts.
 */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

export const RETURN_REASONS = [
  'doesnt_fit',
  'defective',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  doesnt_fit: "Doesn't fit my laptop",
  defective: 'Defective',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

/** Returns still open: their units count against what may be returned again. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

/** Order statuses a return may be asked for in: delivered, and delivered then partly refunded. */
export const RETURNABLE_ORDER_STATUSES = ['delivered', 'partially_refunded'] as const;

/** The last moment a part delivered at `deliveredAt` may be asked back, `windowDays` later. */
export const returnWindowEnds = (deliveredAt: Date, windowDays = RETURN_WINDOW_DAYS) =>
  new Date(deliveredAt.getTime() + windowDays * 86_400_000);

/**
 * Until when an order as the browser reads it may be returned (its delivery on its timeline, plus the
 * window); null when it is not (or no longer) a delivered order. The server decides by `delivered_at`.
 */
export function returnDeadline(order: {
  status: string;
  timeline: readonly { status: string; at: string; returnStatus?: string }[];
}): Date | null {
  if (!(RETURNABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) return null;
  const delivered = order.timeline.findLast((event) => event.status === 'delivered' && !event.returnStatus);
  return delivered ? returnWindowEnds(new Date(delivered.at)) : null;
}

/** Whether an order's parts may still be asked back now (the browser's view: the server has the last word). */
export const returnWindowOpen = (order: Parameters<typeof returnDeadline>[0], now = Date.now()) =>
  (returnDeadline(order)?.getTime() ?? 0) >= now;
