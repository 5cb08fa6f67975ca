/**
 * A card's expiry as people type it, shown as MM/YY: the digits, with the slash after the month
 * ("1230" → "12/30", "12/3" stays). Free of zod, so the card form can use it before its rules load.
 */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
