import { describe, expect, it } from 'vitest';
import { cardInputSchema } from '#shared/contracts/card.ts';
import { formatExpiry } from './card-expiry';

describe('the card expiry', () => {
  it.each([
    ['1230', '12/30'],
    ['12/30', '12/30'],
    ['12 / 30', '12/30'],
    ['123', '12/3'],
    ['12', '12'],
    ['1', '1'],
    ['12/300', '12/30'],
    ['ab', ''],
  ])('shows %j as %j', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('is read as MM/YY when sent as four digits, and still checked', () => {
    const card = { cardNumber: '4242 4242 4242 4242', cvc: '123' };
    expect(cardInputSchema.parse({ ...card, expiry: '1240' }).expiry).toBe('12/40');
    expect(cardInputSchema.safeParse({ ...card, expiry: '1340' }).success).toBe(false);
    expect(cardInputSchema.safeParse({ ...card, expiry: '0120' }).success).toBe(false);
  });
});
