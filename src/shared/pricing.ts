/**
 * What an order costs: the one place where the subtotal, discount, shipping and tax are worked out, in
 * integer cents (docs/decisions/032-order-money.md). The server prices carts and orders with it; the
 * browser only shows what the server answered.
 *
 * Order of operations: the discount comes off the eligible lines first; shipping is judged on the
 * discounted subtotal (free once it reaches the method's threshold); tax is then taken per line on what
 * the line costs after its share of the discount, and on shipping where the rate says so. Every share is
 * rounded half up, per line.
 */

export interface LineToPrice {
  lineTotalCents: number;
  /** The part's category slug, for codes limited to some categories. */
  category: string;
}

export interface DiscountToApply {
  kind: 'percent' | 'amount';
  /** Whole percent (1–100), or cents off. */
  value: number;
  /** Category slugs it takes money off; empty: every line. */
  categories: readonly string[];
}

export interface ShippingToCharge {
  priceCents: number;
  /** Free once the discounted subtotal reaches this; null: never free. */
  freeOverCents: number | null;
}

export interface TaxToCharge {
  /** Thousandths of a percent: 7.25 % is 7250. */
  rateMilli: number;
  appliesToShipping: boolean;
}

export interface PriceRequest {
  lines: readonly LineToPrice[];
  discount?: DiscountToApply | null;
  /** Null until a method is chosen: shipping is then not charged (yet). */
  shipping?: ShippingToCharge | null;
  /** Null when no rate applies (or the address is not known yet). */
  tax?: TaxToCharge | null;
  /** Catalogue prices already hold the tax: the tax is then the included part, not added. */
  pricesIncludeTax: boolean;
}

export interface PricedLine {
  lineTotalCents: number;
  discountCents: number;
  taxCents: number;
}

export interface Price {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The tax added to the total, or (prices including tax) the part of it that is tax. */
  taxCents: number;
  totalCents: number;
}

const PERCENT_MILLI = 100_000n;

/** numerator / denominator rounded half up, for numerator ≥ 0 and denominator > 0 (exact, in BigInt). */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** What a method costs for a cart whose discounted subtotal is this. */
export function shippingPriceCents(method: ShippingToCharge, discountedSubtotalCents: number): number {
  return method.freeOverCents !== null && discountedSubtotalCents >= method.freeOverCents
    ? 0
    : method.priceCents;
}

/** Whether a code takes money off this line. */
export const discountReaches = (discount: DiscountToApply, line: LineToPrice) =>
  discount.categories.length === 0 || discount.categories.includes(line.category);

/**
 * Each line's share of the discount. A percentage is taken per line (half up); an amount is capped at
 * what the eligible lines cost and shared in proportion to them, the cents left by rounding down going
 * to the lines with the largest remainders (earliest first), so the shares add up to the amount exactly.
 */
function discountShares(lines: readonly LineToPrice[], discount: DiscountToApply | null | undefined) {
  const shares = lines.map(() => 0);
  if (!discount) return shares;
  const eligible = lines.flatMap((line, index) => (discountReaches(discount, line) ? [index] : []));
  if (discount.kind === 'percent') {
    for (const index of eligible)
      shares[index] = divideHalfUp(BigInt(lines[index]!.lineTotalCents) * BigInt(discount.value), 100n);
    return shares;
  }
  const base = eligible.reduce((sum, index) => sum + lines[index]!.lineTotalCents, 0);
  const amount = Math.min(discount.value, base);
  if (amount === 0) return shares;
  const remainders: { index: number; remainder: bigint }[] = [];
  let given = 0;
  for (const index of eligible) {
    const exact = BigInt(lines[index]!.lineTotalCents) * BigInt(amount);
    shares[index] = Number(exact / BigInt(base));
    given += shares[index]!;
    remainders.push({ index, remainder: exact % BigInt(base) });
  }
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders.slice(0, amount - given)) shares[index]! += 1;
  return shares;
}

/** The tax in (or on) an amount at a rate, half up. */
function taxOf(amountCents: number, rateMilli: number, included: boolean): number {
  const amount = BigInt(amountCents);
  const rate = BigInt(rateMilli);
  return included
    ? divideHalfUp(amount * rate, PERCENT_MILLI + rate)
    : divideHalfUp(amount * rate, PERCENT_MILLI);
}

export function priceOrder(request: PriceRequest): Price {
  const discounts = discountShares(request.lines, request.discount);
  const subtotalCents = request.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const discountCents = discounts.reduce((sum, share) => sum + share, 0);
  const shippingCents = request.shipping
    ? shippingPriceCents(request.shipping, subtotalCents - discountCents)
    : 0;
  const rate = request.tax?.rateMilli ?? 0;
  const lines = request.lines.map((line, index) => ({
    lineTotalCents: line.lineTotalCents,
    discountCents: discounts[index]!,
    taxCents: taxOf(line.lineTotalCents - discounts[index]!, rate, request.pricesIncludeTax),
  }));
  const shippingTax = request.tax?.appliesToShipping
    ? taxOf(shippingCents, rate, request.pricesIncludeTax)
    : 0;
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, shippingTax);
  return {
    lines,
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + (request.pricesIncludeTax ? 0 : taxCents),
  };
}

/** A rate in thousandths of a percent as people write it: 7250 → 7.25. */
export const ratePercent = (rateMilli: number) => rateMilli / 1000;

/** A percentage with at most three decimals ("7.25", 19) in thousandths of a percent, or null. */
export function rateMilliOf(percent: string | number): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(String(percent).trim());
  if (!match) return null;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  return milli <= 100_000 ? milli : null;
}
