/** Money is integer cents everywhere; dollars exist only at the edges (compatible API shapes, display). */

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Parses a dollar amount with at most two decimals ("12", "12.5", "12.50") into cents, or null. */
export function dollarsToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/**
 * Whole cents as US dollars: `$1,234.56`, `-$5.00`. Written out rather than with Intl.NumberFormat,
 * whose first construction loads locale data: in the browser's start-up code that alone took a long
 * task on a phone, on every page, priced or not.
 */
export function formatDollars(cents: number): string {
  const amount = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(amount / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${cents < 0 && amount > 0 ? '-' : ''}$${dollars}.${String(amount % 100).padStart(2, '0')}`;
}
