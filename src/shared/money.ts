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

const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(cents: number): string {
  return dollarFormat.format(cents / 100);
}
