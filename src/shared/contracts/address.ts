import { z } from 'zod';
import { addressProblems, isCountryCode } from '#shared/address-rules.ts';
import { phoneSchema } from './profile';
import { humanText } from './text';

/** An address book entry's most per customer: enough for home, work and a few others. */
export const MAX_SAVED_ADDRESSES = 20;

const upperCode = (label: string, max: number, missing = `${label} is required`) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? missing : `Enter the ${label.toLowerCase()} as text`),
    })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => value.toUpperCase());

const postalAddressFields = {
  name: humanText({ label: 'Name', max: 100 }),
  address: humanText({ label: 'Address', max: 200 }),
  /** The city, as the spec's profile calls it. */
  location: humanText({ label: 'Location', max: 100 }),
  region: upperCode('Region', 3),
  postalCode: upperCode('Postal code', 12),
  country: upperCode('Country', 2, 'Choose a country').refine(isCountryCode, 'Choose a country'),
  phone: phoneSchema.refine((phone) => phone !== '', 'Phone is required'),
};

/**
 * What any order needs before it is paid: someone to send it to, where, and a phone. Orders placed
 * before countries were asked for have only these.
 */
export const deliverableAddressSchema = z.object({
  name: postalAddressFields.name,
  address: postalAddressFields.address,
  location: postalAddressFields.location,
  phone: postalAddressFields.phone,
});

/** The region and postal code a country needs (shared/address-rules.ts), as issues on their fields. */
function checkCountryRules(
  value: { country: string; region: string; postalCode: string },
  context: z.RefinementCtx,
) {
  if (!isCountryCode(value.country)) return;
  for (const [field, message] of Object.entries(
    addressProblems(value.country, value.region, value.postalCode),
  ))
    context.addIssue({ code: 'custom', path: [field], message });
}

/** Region and postal code left out are none (most countries have neither on every address). */
const newAddressFields = {
  ...postalAddressFields,
  region: postalAddressFields.region.default(''),
  postalCode: postalAddressFields.postalCode.default(''),
};

/** A postal address with its country: what an order of this shop goes to. */
export const postalAddressSchema = z.object(newAddressFields).superRefine(checkCountryRules);
export type PostalAddress = z.output<typeof postalAddressSchema>;

/** `POST /api/addresses`: an address, and whether it becomes the default (the first one always does). */
export const addressInputSchema = z
  .object({ ...newAddressFields, isDefault: z.boolean().default(false) })
  .superRefine(checkCountryRules);

/** `PATCH /api/addresses/:id`: the fields to change; the result is checked whole again. */
export const addressPatchSchema = z
  .object(postalAddressFields)
  .partial()
  // Another address becomes the default by being made it; an address stops being it only that way.
  .extend({ isDefault: z.literal(true).optional() })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );

export const savedAddressSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  location: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;
export const savedAddressListSchema = z.array(savedAddressSchema);
