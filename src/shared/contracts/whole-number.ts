import { z } from 'zod';

/** Text of digits ("3", " 12 ") becomes the number it spells; anything else is left for the check to refuse. */
const digitsToNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

interface WholeNumberMessages {
  /** Not a whole number at all (text, a fraction, nothing). */
  notWhole: string;
  tooSmall: string;
  tooBig: string;
}

/**
 * The one rule for counts typed in forms or sent in queries: a whole number from min to max, given as a
 * number or as text of digits, each way of failing with its own message. (A preprocess rather than a
 * union: form resolvers report a union's first branch, not its message.)
 */
export const wholeNumber = (min: number, max: number, messages: WholeNumberMessages) =>
  z.preprocess(
    digitsToNumber,
    z
      .number({ error: messages.notWhole })
      .int(messages.notWhole)
      .min(min, messages.tooSmall)
      .max(max, messages.tooBig),
  );
