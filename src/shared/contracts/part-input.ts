import { z } from 'zod';
import { dollarsToCents } from '#shared/money.ts';
import {
  DEFAULT_WARRANTY_MONTHS,
  MAX_PART_NUMBERS,
  MAX_WARRANTY_MONTHS,
  PART_CONDITIONS,
  PART_NUMBER_MAX,
  PART_NUMBER_MIN,
  PART_NUMBER_PATTERN,
  partNumberKey,
} from '#shared/part-numbers.ts';
import { categorySlugSchema } from './part';
import { humanText } from './text';
import { wholeNumber } from './whole-number';

/** Text or a number: the add form sends every field as entered text (docs/product.md). */
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

const count = (label: string, min: number, max: number) =>
  wholeNumber(min, max, {
    notWhole: `${label} must be a whole number`,
    tooSmall: `${label} must be at least ${min}`,
    tooBig: `${label} must be at most ${max.toLocaleString('en-US')}`,
  });

/** Images the shop can show: its own shipped images, or a picture on an https host. */
export const IMAGE_PATH = /^\/images\/[a-z0-9][a-z0-9/_-]*\.(svg|png|jpe?g|webp|avif)$/i;

export const imageSchema = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(500, 'Image URL must be at most 500 characters')
  .refine((value) => {
    if (IMAGE_PATH.test(value) && !value.includes('..')) return true;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Use an https:// image URL or a shop image path like /images/parts/ssd.svg');

/**
 * Maker part numbers: a list, or text with one per line or separated by commas (as the form sends it);
 * each 2 to 40 characters of letters and digits with dashes, dots, slashes or spaces between; the same
 * number twice (by its key: case, spaces and dashes aside) is kept once.
 */
export const partNumbersSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(/[\n,]/)
          .map((number) => number.trim())
          .filter(Boolean)
      : value,
  z
    .array(
      z
        .string({ error: 'Part numbers are text' })
        .trim()
        .min(PART_NUMBER_MIN, `A part number is at least ${PART_NUMBER_MIN} characters`)
        .max(PART_NUMBER_MAX, `A part number is at most ${PART_NUMBER_MAX} characters`)
        .regex(PART_NUMBER_PATTERN, 'A part number is letters and digits, with - . / or spaces between'),
      { error: 'Part numbers are a list' },
    )
    .max(MAX_PART_NUMBERS, `At most ${MAX_PART_NUMBERS} part numbers`)
    .transform((numbers) => [...new Map(numbers.map((number) => [partNumberKey(number), number])).values()]),
);

export const conditionSchema = z.enum(PART_CONDITIONS, {
  error: `Condition is one of ${PART_CONDITIONS.join(', ')}`,
});

/** Specs as sent: checked against the part's category on the server (contracts/part-specs.ts). */
export const specsInputSchema = z.record(
  z.string().max(40),
  z.union([z.string().max(60), z.number(), z.boolean(), z.null()]),
  { error: 'Specs are an object of names and values' },
);

/**
 * Minimum order against stock: a part whose minimum is above its stock is on show but nobody can buy it
 * (an order takes from the minimum up to what is available), so an admin may not set one up, in the
 * form or by import. Out of stock (available 0) is the exception: parts run out all the time, through
 * orders or because the admin says so, and keep their minimum for when stock comes back. Orders may also
 * leave less than the minimum; this rule is for what an admin sets, not for what sales leave.
 */
export const minimumFitsStock = (minimum: number, available: number) =>
  available === 0 || minimum <= available;
export const minimumAboveStock = (available: number) =>
  `Minimum must be at most the ${available.toLocaleString('en-US')} available`;

type Counts = { minimum?: number; available?: number };
/** The rule as a check on a form's values, under Minimum. */
const minimumWithinStock = ({ minimum, available }: Counts, context: z.RefinementCtx) => {
  if (typeof minimum === 'number' && typeof available === 'number' && !minimumFitsStock(minimum, available))
    context.addIssue({ code: 'custom', path: ['minimum'], message: minimumAboveStock(available) });
};
/** Beside the other fields' problems, but only once the body is an object and both counts are good. */
const onceCountsAreValid = {
  when: (payload: z.core.ParsePayload) =>
    !payload.issues.some((issue) => {
      const field = issue.path?.[0];
      return field === undefined || field === 'minimum' || field === 'available';
    }),
};

/** The create shape (name, price, minimum, available, description, img, category), checked and converted. */
export const partInputSchema = z
  .object({
    name: humanText({ label: 'Name', max: 120 }),
    price: z.preprocess(
      asText,
      z
        .string({ error: 'Price is required' })
        .trim()
        .min(1, 'Price is required')
        .transform((value, context) => {
          const cents = dollarsToCents(value);
          if (cents === null || cents <= 0) {
            context.addIssue({ code: 'custom', message: 'Enter a price in dollars above 0, like 19.99' });
            return z.NEVER;
          }
          return cents;
        }),
    ),
    minimum: count('Minimum', 1, 10_000),
    available: count('Available', 0, 1_000_000),
    description: humanText({ label: 'Description', max: 2000, multiline: true }),
    img: imageSchema,
    category: z.string({ error: 'Choose a category' }).min(1, 'Choose a category').pipe(categorySlugSchema),
    partNumbers: partNumbersSchema.optional().default([]),
    condition: conditionSchema.optional().default('new'),
    warrantyMonths: count('Warranty', 0, MAX_WARRANTY_MONTHS).optional().default(DEFAULT_WARRANTY_MONTHS),
    specs: specsInputSchema.optional().default({}),
  })
  .superRefine(minimumWithinStock, onceCountsAreValid)
  .transform(
    ({
      name,
      price,
      minimum,
      available,
      description,
      img,
      category,
      partNumbers,
      condition,
      warrantyMonths,
      specs,
    }) => ({
      name,
      description,
      imageUrl: img,
      categorySlug: category,
      priceCents: price,
      minQuantity: minimum,
      availableQuantity: available,
      partNumbers,
      condition,
      warrantyMonths,
      specs,
    }),
  );
export type PartInput = z.input<typeof partInputSchema>;
export type PartValues = z.output<typeof partInputSchema>;

/** PATCH: any subset of the fields, each with the same rules. */
export const partPatchSchema = z
  .object({
    name: partInputSchema.in.shape.name.optional(),
    price: partInputSchema.in.shape.price.optional(),
    minimum: partInputSchema.in.shape.minimum.optional(),
    available: partInputSchema.in.shape.available.optional(),
    description: partInputSchema.in.shape.description.optional(),
    img: partInputSchema.in.shape.img.optional(),
    category: partInputSchema.in.shape.category.optional(),
    partNumbers: partNumbersSchema.optional(),
    condition: conditionSchema.optional(),
    warrantyMonths: count('Warranty', 0, MAX_WARRANTY_MONTHS).optional(),
    specs: specsInputSchema.optional(),
  })
  .superRefine(minimumWithinStock, onceCountsAreValid)
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );
