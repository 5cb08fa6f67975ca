import { z } from 'zod';

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** The spec's profile form; the email is the account's and is never taken from the body. */
export const profileInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  address: optionalText('Address', 200),
  location: optionalText('Location', 100),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone must be at most 30 characters')
    .regex(/^(\+?[\d\s().-]*\d[\d\s().-]*)?$/, 'Use digits, spaces and + ( ) - . only')
    .refine((phone) => phone === '' || phone.replace(/\D/g, '').length >= 7, 'Phone needs at least 7 digits')
    .default(''),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  address: z.string(),
  location: z.string(),
  phone: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
