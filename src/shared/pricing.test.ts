import { describe, expect, it } from 'vitest';
import { divideHalfUp, priceOrder, rateMilliOf, shippingPriceCents } from './pricing';

const line = (lineTotalCents: number, category = 'batteries') => ({ lineTotalCents, category });
const standard = { priceCents: 499, freeOverCents: 10_000 };

describe('priceOrder (worked by hand)', () => {
  it('a cart with nothing else is its subtotal', () => {
    expect(priceOrder({ lines: [line(4999), line(1500)], pricesIncludeTax: false })).toMatchObject({
      subtotalCents: 6499,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 6499,
    });
  });

  it('10 % off, Standard shipping, 7.25 % tax on the discounted lines only', () => {
    // Lines 49.99 and 15.00: discounts 5.00 (4.999 half up) and 1.50; discounted 44.99 and 13.50.
    // Tax 7.25 %: 3.2617… → 3.26 and 0.97875 → 0.98. Shipping 4.99 (58.49 is under 100), untaxed.
    const price = priceOrder({
      lines: [line(4999), line(1500)],
      discount: { kind: 'percent', value: 10, categories: [] },
      shipping: standard,
      tax: { rateMilli: 7250, appliesToShipping: false },
      pricesIncludeTax: false,
    });
    expect(price.lines).toEqual([
      { lineTotalCents: 4999, discountCents: 500, taxCents: 326 },
      { lineTotalCents: 1500, discountCents: 150, taxCents: 98 },
    ]);
    expect(price).toMatchObject({
      subtotalCents: 6499,
      discountCents: 650,
      shippingCents: 499,
      taxCents: 424,
      totalCents: 6499 - 650 + 499 + 424,
    });
  });

  it('rounds exactly half a cent up', () => {
    // 7.25 % of 2.00 is 14.5 cents → 15; 10 % of 0.05 is 0.5 cent → 1.
    expect(
      priceOrder({
        lines: [line(200)],
        tax: { rateMilli: 7250, appliesToShipping: false },
        pricesIncludeTax: false,
      }).taxCents,
    ).toBe(15);
    expect(
      priceOrder({
        lines: [line(5)],
        discount: { kind: 'percent', value: 10, categories: [] },
        pricesIncludeTax: false,
      }).discountCents,
    ).toBe(1);
    expect(divideHalfUp(5n, 10n)).toBe(1);
    expect(divideHalfUp(4n, 10n)).toBe(0);
  });

  it('shares an amount in proportion, the rounding cents to the largest remainders, adding up exactly', () => {
    // $10 over 33.33 + 33.33 + 33.34: exact shares 3.3330, 3.3330, 3.3340 → 333, 333, 334.
    const price = priceOrder({
      lines: [line(3333), line(3333), line(3334)],
      discount: { kind: 'amount', value: 1000, categories: [] },
      pricesIncludeTax: false,
    });
    expect(price.lines.map((priced) => priced.discountCents)).toEqual([333, 333, 334]);
    expect(price.discountCents).toBe(1000);
    // $1 over three equal lines: 33.33… each, the one cent left goes to the first.
    const even = priceOrder({
      lines: [line(100), line(100), line(100)],
      discount: { kind: 'amount', value: 100, categories: [] },
      pricesIncludeTax: false,
    });
    expect(even.lines.map((priced) => priced.discountCents)).toEqual([34, 33, 33]);
  });

  it('never takes more than the eligible lines cost, and only off their categories', () => {
    const price = priceOrder({
      lines: [line(2000, 'batteries'), line(5000, 'screens')],
      discount: { kind: 'amount', value: 5000, categories: ['batteries'] },
      pricesIncludeTax: false,
    });
    expect(price.lines.map((priced) => priced.discountCents)).toEqual([2000, 0]);
    expect(price.totalCents).toBe(5000);
  });

  it('shipping is free once the discounted subtotal reaches the threshold', () => {
    expect(shippingPriceCents(standard, 10_000)).toBe(0);
    expect(shippingPriceCents(standard, 9_999)).toBe(499);
    expect(shippingPriceCents({ priceCents: 1499, freeOverCents: null }, 1_000_000)).toBe(1499);
    // 105.00 less 10 % is 94.50: under 100, so Standard is charged.
    const price = priceOrder({
      lines: [line(10_500)],
      discount: { kind: 'percent', value: 10, categories: [] },
      shipping: standard,
      pricesIncludeTax: false,
    });
    expect(price.shippingCents).toBe(499);
  });

  it('taxes shipping where the rate says so (GB 20 %)', () => {
    const price = priceOrder({
      lines: [line(2599)],
      shipping: { priceCents: 1499, freeOverCents: null },
      tax: { rateMilli: 20_000, appliesToShipping: true },
      pricesIncludeTax: false,
    });
    // 20 % of 25.99 is 5.198 → 5.20; of 14.99 is 2.998 → 3.00.
    expect(price.taxCents).toBe(520 + 300);
    expect(price.totalCents).toBe(2599 + 1499 + 820);
  });

  it('prices that include tax: the tax is the included part and the total is not raised', () => {
    // 119.00 at 19 % holds 19.00 of tax; shipping free (over 100).
    const price = priceOrder({
      lines: [line(11_900)],
      shipping: standard,
      tax: { rateMilli: 19_000, appliesToShipping: true },
      pricesIncludeTax: true,
    });
    expect(price).toMatchObject({
      subtotalCents: 11_900,
      shippingCents: 0,
      taxCents: 1900,
      totalCents: 11_900,
    });
  });

  it('stays exact for the largest order the shop allows', () => {
    const price = priceOrder({
      lines: [line(999_999_999 * 99)],
      discount: { kind: 'percent', value: 33, categories: [] },
      tax: { rateMilli: 99_999, appliesToShipping: false },
      pricesIncludeTax: false,
    });
    const discounted = 98_999_999_901n - BigInt(price.discountCents);
    expect(price.discountCents).toBe(32_669_999_967);
    expect(BigInt(price.taxCents)).toBe((2n * discounted * 99_999n + 100_000n) / 200_000n);
  });
});

describe('rateMilliOf', () => {
  it.each([
    ['7.25', 7250],
    ['20', 20_000],
    [19, 19_000],
    ['8.875', 8875],
    ['0', 0],
    ['100', 100_000],
  ])('reads %j as %i', (input, milli) => expect(rateMilliOf(input)).toBe(milli));

  it.each(['', '-1', '7.2555', '100.001', 'abc', '1e2'])('refuses %j', (input) =>
    expect(rateMilliOf(input)).toBeNull(),
  );
});
