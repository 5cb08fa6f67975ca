import { z } from 'zod';
import { isCountryCode } from '#shared/address-rules.ts';
import { dollarsToCents, formatDollars } from '#shared/money.ts';
import { humanText, optionalHumanText } from './text';
import { wholeNumber } from './whole-number';

/** The most a method may cost, or cost until it is free: $1,000,000. */
export const MAX_SHIPPING_CENTS = 100_000_000;
/** About as many codes as there are countries; a method for everywhere lists none. */
export const MAX_SHIPPING_COUNTRIES = 250;
export const MAX_SHIPPING_NAME = 60;
export const MAX_SHIPPING_DAYS = 60;

const cents = (label: string, notWhole = `${label} must be a whole number of cents`) =>
  wholeNumber(0, MAX_SHIPPING_CENTS, {
    notWhole,
    tooSmall: `${label} must not be negative`,
    tooBig: `${label} must be at most ${formatDollars(MAX_SHIPPING_CENTS)}`,
  });

/** ISO 3166-1 alpha-2 codes, upper-cased, each once; a code that is none is named in the message. */
const countriesSchema = z
  .array(
    z
      .string({ error: 'Countries are country codes' })
      .trim()
      .toUpperCase()
      .max(2, 'Use two-letter country codes'),
    {
      error: 'Countries are a list of country codes',
    },
  )
  .max(MAX_SHIPPING_COUNTRIES, `At most ${MAX_SHIPPING_COUNTRIES} countries`)
  .superRefine((codes, context) => {
    const unknown = codes.find((code) => !isCountryCode(code));
    if (unknown !== undefined)
      context.addIssue({ code: 'custom', message: `${unknown || 'An empty code'} is not a country code` });
  })
  .transform((codes) => [...new Set(codes)]);

const methodFields = {
  name: humanText({ label: 'Name', max: MAX_SHIPPING_NAME }),
  priceCents: cents('Price'),
  /** Null: never free. */
  freeOverCents: cents('Free over').nullable(),
  /** Empty: everywhere. */
  countries: countriesSchema,
  /** How long it takes, as shoppers read it ("3–5 business days"). */
  days: optionalHumanText({ label: 'Delivery time', max: MAX_SHIPPING_DAYS }).unwrap(),
};

/** `POST /api/shipping-methods`. */
export const shippingMethodInputSchema = z.object({
  ...methodFields,
  freeOverCents: methodFields.freeOverCents.default(null),
  countries: methodFields.countries.default([]),
  days: methodFields.days.default(''),
});
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;

/** `PATCH /api/shipping-methods/:id`: the fields to change. */
export const shippingMethodPatchSchema = z
  .object(methodFields)
  .partial()
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );
export type ShippingMethodPatch = z.input<typeof shippingMethodPatchSchema>;

export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
  /** Dollars, like a part's `price`. */
  price: z.number(),
  freeOverCents: z.number().int().nullable(),
  countries: z.array(z.string()),
  days: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListSchema = z.array(shippingMethodSchema);

/** `GET /api/shipping-methods?country=`: the methods serving a country; all of them without one. */
export const shippingMethodQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .max(2, 'Use a two-letter country code')
    .refine(isCountryCode, 'Use a two-letter country code, such as US or GB')
    .optional(),
});

/** Dollars as the admin types them ("4.99", "$5") in cents; anything else is left for the check to refuse. */
const typedDollars = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const cents = dollarsToCents(value.trim().replace(/^\$/, '').replaceAll(',', ''));
  return cents ?? value;
};

/**
 * The dashboard's form: the same fields, money typed in dollars ("Free over" left empty: never free),
 * countries typed as codes separated by commas or spaces (none: everywhere). Its output is the API's input.
 */
export const shippingMethodFormSchema = z.object({
  name: methodFields.name,
  priceCents: z.preprocess(typedDollars, cents('Price', 'Price is an amount in dollars, such as 4.99')),
  freeOverCents: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : typedDollars(value)),
    cents('Free over', 'Free over is an amount in dollars, such as 100, or empty').nullable(),
  ),
  countries: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : value),
    countriesSchema,
  ),
  days: methodFields.days,
});
export type ShippingMethodFormInput = z.input<typeof shippingMethodFormSchema>;
