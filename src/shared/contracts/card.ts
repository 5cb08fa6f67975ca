import { z } from 'zod';
import { formatExpiry } from '#shared/card-expiry.ts';

/** Luhn checksum, as every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether MM/YY is this month or later. */
export function expiryIsCurrent(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const lastMonth = new Date(Date.UTC(2000 + year, month, 1));
  return lastMonth.getTime() > Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

/** The sandbox's card form, with Stripe's messages. */
export const cardInputSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Enter your card number')
        .regex(/^\d{13,19}$/, 'Your card number is incomplete.')
        .refine(passesLuhn, 'Your card number is invalid.'),
    ),
  expiry: z
    .string()
    .trim()
    // Four digits are read as MM/YY, as the form shows them.
    .overwrite((value) => (/^\d{4}$/.test(value) ? formatExpiry(value) : value))
    .min(1, 'Enter the expiry date')
    .regex(/^(0[1-9]|1[0-2])\s?\/\s?\d{2}$/, 'Enter the expiry as MM/YY')
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => expiryIsCurrent(value), "Your card's expiration date is in the past."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type CardInput = z.input<typeof cardInputSchema>;

export const sandboxConfirmInputSchema = cardInputSchema.extend({ clientSecret: z.string().min(1).max(200) });
