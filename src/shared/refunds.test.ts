import { describe, expect, it } from 'vitest';
import { priceOrder } from './pricing';
import {
  linePaidCents,
  planRefund,
  type RefundableOrder,
  shippingPaidCents,
  unitsRefundCents,
} from './refunds';

/**
 * The order worked by hand: 3 × $29.99 (8997) and 1 × $12.50 (1250), 10 % off, Standard shipping $4.99
 * (9222 after the discount is under 100.00), 7.25 % tax on the discounted lines, not on shipping.
 *   line 1: discount 899.7 → 900; taxed 8097; tax 587.0325 → 587; paid 8097 + 587 = 8684
 *   line 2: discount 125; taxed 1125; tax 81.5625 → 82; paid 1207
 *   total: 10247 − 1025 + 499 + 669 = 10390; shipping paid 10390 − 8684 − 1207 = 499
 */
function handOrder(refunded: { first?: number; second?: number; shipping?: boolean; cents?: number } = {}) {
  const price = priceOrder({
    lines: [
      { lineTotalCents: 8997, category: 'batteries' },
      { lineTotalCents: 1250, category: 'cooling' },
    ],
    discount: { kind: 'percent', value: 10, categories: [] },
    shipping: { priceCents: 499, freeOverCents: 10_000 },
    tax: { rateMilli: 7250, appliesToShipping: false },
    pricesIncludeTax: false,
  });
  const order: RefundableOrder = {
    totalCents: price.totalCents,
    pricesIncludeTax: false,
    refundedCents: refunded.cents ?? 0,
    shippingRefunded: refunded.shipping ?? false,
    lines: [
      {
        lineId: 'a',
        name: 'Battery',
        quantity: 3,
        ...price.lines[0]!,
        refundedQuantity: refunded.first ?? 0,
      },
      { lineId: 'b', name: 'Fan', quantity: 1, ...price.lines[1]!, refundedQuantity: refunded.second ?? 0 },
    ],
  };
  return order;
}

describe('what a refund gives back (worked by hand)', () => {
  it('each line was paid its total less its discount plus its tax; shipping what is left of the total', () => {
    const order = handOrder();
    expect(order.totalCents).toBe(10390);
    expect(order.lines.map((line) => linePaidCents(line, false))).toEqual([8684, 1207]);
    expect(shippingPaidCents(order)).toBe(499);
  });

  it('a line’s units give back 2894, 2894 and, the last, the remainder 2896: 8684 in all', () => {
    const line = handOrder().lines[0]!;
    expect(unitsRefundCents(line, false, 0, 1)).toBe(2894);
    expect(unitsRefundCents(line, false, 1, 1)).toBe(2894);
    expect(unitsRefundCents(line, false, 2, 1)).toBe(2896);
    expect(unitsRefundCents(line, false, 0, 2)).toBe(5788);
    expect(unitsRefundCents(line, false, 1, 2)).toBe(5790);
    expect(unitsRefundCents(line, false, 0, 3)).toBe(8684);
  });

  it('prices that held the tax: a line gave its total less its discount', () => {
    const line = {
      lineId: 'x',
      name: 'X',
      quantity: 2,
      lineTotalCents: 1001,
      discountCents: 0,
      taxCents: 167,
      refundedQuantity: 0,
    };
    expect(linePaidCents(line, true)).toBe(1001);
    expect(unitsRefundCents(line, true, 0, 1)).toBe(500);
    expect(unitsRefundCents(line, true, 1, 1)).toBe(501);
  });

  it('one unit of a line, then the rest and the shipping: the whole total, and only then complete', () => {
    const first = planRefund(handOrder(), { lines: [{ lineId: 'a', quantity: 1 }], shipping: false });
    expect(first.plan).toEqual({
      lines: [{ lineId: 'a', quantity: 1, cents: 2894 }],
      shippingCents: 0,
      amountCents: 2894,
      complete: false,
    });
    const rest = planRefund(handOrder({ first: 1, cents: 2894 }), { shipping: true });
    expect(rest.plan).toEqual({
      lines: [
        { lineId: 'a', quantity: 2, cents: 5790 },
        { lineId: 'b', quantity: 1, cents: 1207 },
      ],
      shippingCents: 499,
      amountCents: 7496,
      complete: true,
    });
    expect(2894 + 7496).toBe(10390);
  });

  it('the lines without the shipping leave the order partly refunded; the shipping alone then completes it', () => {
    const lines = planRefund(handOrder(), {
      lines: [
        { lineId: 'a', quantity: 3 },
        { lineId: 'b', quantity: 1 },
      ],
      shipping: false,
    });
    expect(lines.plan).toMatchObject({ amountCents: 9891, shippingCents: 0, complete: false });
    const shipping = planRefund(handOrder({ first: 3, second: 1, cents: 9891 }), {
      lines: [],
      shipping: true,
    });
    expect(shipping.plan).toEqual({ lines: [], shippingCents: 499, amountCents: 499, complete: true });
  });

  it('refuses a line past its quantity, the shipping twice, unknown or repeated lines, and nothing', () => {
    expect(
      planRefund(handOrder({ first: 2 }), { lines: [{ lineId: 'a', quantity: 2 }], shipping: false }).problem,
    ).toEqual({
      kind: 'conflict',
      code: 'refund_exceeds_line',
      message: 'Only 1 of Battery can still be refunded.',
    });
    expect(
      planRefund(handOrder({ second: 1 }), { lines: [{ lineId: 'b', quantity: 1 }], shipping: false }).problem
        ?.message,
    ).toBe('Fan was already refunded.');
    expect(planRefund(handOrder({ shipping: true }), { lines: [], shipping: true }).problem?.code).toBe(
      'shipping_already_refunded',
    );
    expect(
      planRefund(handOrder(), { lines: [{ lineId: 'z', quantity: 1 }], shipping: false }).problem?.kind,
    ).toBe('invalid');
    expect(
      planRefund(handOrder(), {
        lines: [
          { lineId: 'a', quantity: 1 },
          { lineId: 'a', quantity: 1 },
        ],
        shipping: false,
      }).problem?.code,
    ).toBe('refund_line_twice');
    expect(planRefund(handOrder(), { lines: [], shipping: false }).problem).toMatchObject({
      kind: 'invalid',
      message: 'Choose at least one part or the shipping to refund.',
    });
    expect(
      planRefund(handOrder({ first: 3, second: 1, shipping: true, cents: 10390 }), { shipping: true })
        .problem,
    ).toMatchObject({
      kind: 'conflict',
      message: 'This order was already refunded.',
    });
  });

  it('never gives back more than the total, whatever was recorded as refunded', () => {
    expect(
      planRefund(handOrder({ cents: 10000 }), { lines: [{ lineId: 'b', quantity: 1 }], shipping: false })
        .problem?.code,
    ).toBe('refund_exceeds_payment');
  });
});
