/**
 * What a refund of some of an order's lines (and its shipping) gives back, in integer cents: the one
 * function the server refunds with (orders/refund.ts) and the admin's Refund dialog shows the amount
 * with (docs/decisions/035-partial-refunds.md).
 *
 * A line was paid its line total less its share of the discount, plus its share of the tax (unless the
 * prices held the tax). Its units are refunded in order: each unit but the last gives back the line's
 * paid amount divided by its quantity, rounded down; the last unit takes what is left, so the units of a
 * line add up exactly to what the line was paid. The shipping was paid what the total holds beyond the
 * lines (its price and, where the rate taxed it, its tax). So refunding everything gives back the total.
 */

export interface RefundableLine {
  lineId: string;
  /** The part's name as ordered, for messages. */
  name: string;
  quantity: number;
  lineTotalCents: number;
  discountCents: number;
  taxCents: number;
  /** Units refunded (or being refunded) already. */
  refundedQuantity: number;
}

export interface RefundableOrder {
  totalCents: number;
  pricesIncludeTax: boolean;
  refundedCents: number;
  shippingRefunded: boolean;
  lines: readonly RefundableLine[];
}

export interface RefundRequest {
  /** Lines and how many of their units; left out: every unit not refunded yet (and `shipping` is then true). */
  lines?: readonly { lineId: string; quantity: number }[] | null;
  shipping: boolean;
}

export interface PlannedRefundLine {
  lineId: string;
  quantity: number;
  cents: number;
}

export interface RefundPlan {
  lines: PlannedRefundLine[];
  /** The shipping given back (0 when not asked, or it cost nothing). */
  shippingCents: number;
  amountCents: number;
  /** After this refund every unit and the shipping are refunded: the order is `refunded`. */
  complete: boolean;
}

/** Why a refund cannot be made as asked: `invalid` (400: the request itself) or `conflict` (409: the order's state). */
export interface RefundProblem {
  kind: 'invalid' | 'conflict';
  code: string;
  message: string;
}

/** What a line was paid: its total, less its share of the discount, plus its tax unless the prices held it. */
export const linePaidCents = (line: RefundableLine, pricesIncludeTax: boolean) =>
  line.lineTotalCents - line.discountCents + (pricesIncludeTax ? 0 : line.taxCents);

/** What the shipping was paid, with its tax: what the total holds beyond the lines. */
export const shippingPaidCents = (order: RefundableOrder) =>
  order.totalCents - order.lines.reduce((sum, line) => sum + linePaidCents(line, order.pricesIncludeTax), 0);

/**
 * What `count` units of a line give back once `from` of them were refunded: each unit but the last is
 * the paid amount divided by the quantity, rounded down; the last takes the remainder.
 */
export function unitsRefundCents(
  line: RefundableLine,
  pricesIncludeTax: boolean,
  from: number,
  count: number,
) {
  const paid = linePaidCents(line, pricesIncludeTax);
  const unit = Math.floor(paid / line.quantity);
  const last = from + count === line.quantity ? paid - unit * line.quantity : 0;
  return unit * count + last;
}

/** How many units of a line can still be refunded. */
export const refundableUnits = (line: RefundableLine) => line.quantity - line.refundedQuantity;

/** Whether anything of the order is left to refund. */
export const somethingLeftToRefund = (order: RefundableOrder) =>
  order.lines.some((line) => refundableUnits(line) > 0) ||
  (!order.shippingRefunded && shippingPaidCents(order) > 0);

/** The refund a request asks for, worked out against what the order has left; or why it cannot be made. */
export function planRefund(
  order: RefundableOrder,
  request: RefundRequest,
): { plan: RefundPlan; problem?: never } | { plan?: never; problem: RefundProblem } {
  const whole = !request.lines;
  const asked =
    request.lines ?? order.lines.map((line) => ({ lineId: line.lineId, quantity: refundableUnits(line) }));
  const shipping = whole || request.shipping;
  const lines: PlannedRefundLine[] = [];
  const seen = new Set<string>();
  for (const { lineId, quantity } of asked) {
    const line = order.lines.find((candidate) => candidate.lineId === lineId);
    if (!line)
      return {
        problem: { kind: 'invalid', code: 'refund_line_unknown', message: 'This order has no such line.' },
      };
    if (seen.has(lineId))
      return {
        problem: {
          kind: 'invalid',
          code: 'refund_line_twice',
          message: `${line.name} is named more than once.`,
        },
      };
    seen.add(lineId);
    if (whole && quantity === 0) continue;
    const left = refundableUnits(line);
    if (quantity > left)
      return {
        problem: {
          kind: 'conflict',
          code: 'refund_exceeds_line',
          message:
            left === 0
              ? `${line.name} was already refunded.`
              : `Only ${left} of ${line.name} can still be refunded.`,
        },
      };
    lines.push({
      lineId,
      quantity,
      cents: unitsRefundCents(line, order.pricesIncludeTax, line.refundedQuantity, quantity),
    });
  }
  const shippingPaid = shippingPaidCents(order);
  if (shipping && order.shippingRefunded && !whole)
    return {
      problem: {
        kind: 'conflict',
        code: 'shipping_already_refunded',
        message: 'The shipping of this order was already refunded.',
      },
    };
  const shippingCents = shipping && !order.shippingRefunded ? shippingPaid : 0;
  if (lines.length === 0 && shippingCents === 0)
    return whole
      ? {
          problem: {
            kind: 'conflict',
            code: 'order_not_refundable',
            message: 'This order was already refunded.',
          },
        }
      : {
          problem: {
            kind: 'invalid',
            code: 'refund_empty',
            message: 'Choose at least one part or the shipping to refund.',
          },
        };
  const amountCents = lines.reduce((sum, line) => sum + line.cents, shippingCents);
  if (order.refundedCents + amountCents > order.totalCents)
    return {
      problem: {
        kind: 'conflict',
        code: 'refund_exceeds_payment',
        message: 'This would refund more than was paid for the order.',
      },
    };
  const unitsLeft = order.lines.every(
    (line) =>
      refundableUnits(line) === (lines.find((planned) => planned.lineId === line.lineId)?.quantity ?? 0),
  );
  const complete = unitsLeft && (order.shippingRefunded || shipping || shippingPaid === 0);
  return { plan: { lines, shippingCents, amountCents, complete } };
}
