import { z } from 'zod';
import { laptopSlugSchema } from './laptop';
import { humanText, optionalHumanText } from './text';

/** A phone number as people write it: digits with spaces and + ( ) - . ; '' when not given. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, 'Phone must be at most 30 characters')
  .regex(/^(\+?[\d\s().-]*\d[\d\s().-]*)?$/, 'Use digits, spaces and + ( ) - . only')
  .refine((phone) => phone === '' || phone.replace(/\D/g, '').length >= 7, 'Phone needs at least 7 digits');

/** The profile form; the email is the account's and is never taken from the body. */
export const profileInputSchema = z.object({
  name: humanText({ label: 'Name', max: 100 }),
  address: optionalHumanText({ label: 'Address', max: 200 }),
  location: optionalHumanText({ label: 'Location', max: 100 }),
  phone: phoneSchema.default(''),
});
export type ProfileInput = z.input<typeof profileInputSchema>;

/**
 * `POST /api/profile`: the form's fields and "My laptop" (a model's slug, or null for none). Fields left
 * out keep what was saved, so the laptop picker can save the laptop alone.
 */
export const profileUpdateSchema = profileInputSchema
  .partial()
  .extend({ laptop: laptopSlugSchema.nullable().optional() })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  address: z.string(),
  location: z.string(),
  phone: z.string(),
  /** "My laptop": the chosen model, or null. */
  laptop: z.object({ slug: z.string(), name: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
