import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money';

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    [' 3.99 ', 399],
    [19.99, 1999],
  ])('reads %j dollars as %i cents', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '-1', '1.999', '1e3', '12.', '.5', '99999999'])('refuses %j', (input) => {
    expect(dollarsToCents(input)).toBeNull();
  });

  it('formats cents as dollars without float drift', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatDollars(1999)).toBe('$19.99');
    expect(formatDollars(123456)).toBe('$1,234.56');
  });

  it.each([0, 1, 7, 99, 100, 1999, 99999, 100000, 123456, 100000000, 123456789012, -1, -500, -123456])(
    'formats %i cents as en-US dollars do',
    (cents) => {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
      expect(formatDollars(cents)).toBe(intl.format(cents / 100));
    },
  );
});
