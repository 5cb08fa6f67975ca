import { z } from 'zod';

/**
 * The older shop's email rule ("letters or digits, an at sign, letters, a dot, 2-3 letters") is too strict
 * for real addresses (dots, plus signs, subdomains); we keep its messages and accept what mail accepts.
 */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Provide a valid email')
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'Provide a valid email')
  .transform((value) => value.toLowerCase());
