import { z } from 'zod';
import { LAPTOP_SLUG, MAX_LAPTOP_SLUG_LENGTH, MAX_SEARCH_LENGTH } from '#shared/catalogue.ts';
import { pagingFields } from './paging';
import { humanText, optionalHumanText } from './text';

// Declared without zod (for the browser's browse page), used here and by the server.
export { LAPTOP_SLUG };
export const MAX_ALIASES = 20;
/** The most models one part's fits may list in one change (a charger fits many). */
export const MAX_FITS_PER_PART = 5_000;
export const MAX_FIT_NOTE = 160;

export const laptopSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(MAX_LAPTOP_SLUG_LENGTH, `At most ${MAX_LAPTOP_SLUG_LENGTH} characters`)
  .regex(LAPTOP_SLUG, 'Use lowercase letters, digits and single dashes');

/** A laptop model as listed: `name` is the whole name ("Lenovo ThinkPad T480"). */
export const laptopSchema = z.object({
  slug: z.string(),
  brand: z.string(),
  series: z.string(),
  name: z.string(),
  years: z.string(),
  aliases: z.array(z.string()),
});
export type Laptop = z.infer<typeof laptopSchema>;
export const laptopListSchema = z.array(laptopSchema);

/** One model's page: the model and the categories of the parts that fit it, with their counts. */
export const laptopDetailSchema = laptopSchema.extend({
  categories: z.array(z.object({ slug: z.string(), name: z.string(), count: z.number().int() })),
});
export type LaptopDetail = z.infer<typeof laptopDetailSchema>;

export const laptopBrandsSchema = z.array(z.object({ brand: z.string(), count: z.number().int() }));

export const laptopQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `Search at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  brand: z.string().trim().max(60).optional(),
  ...pagingFields,
});
export type LaptopQuery = z.output<typeof laptopQuerySchema>;

const alias = humanText({ label: 'Alias', max: 40 });
const aliases = z
  .array(alias, { error: 'Aliases are a list of names' })
  .max(MAX_ALIASES, `At most ${MAX_ALIASES} aliases`)
  .transform((list) => [...new Map(list.map((name) => [name.toLowerCase(), name])).values()]);

/** Adding a model: its brand, series and whole name; a slug is made from the name unless given. */
export const laptopInputSchema = z.object({
  brand: humanText({ label: 'Brand', max: 40 }),
  series: humanText({ label: 'Series', max: 60 }),
  name: humanText({ label: 'Name', max: 100 }),
  years: humanText({ label: 'Years', max: 20 }).optional().default(''),
  aliases: aliases.optional().default([]),
  slug: laptopSlugSchema.optional(),
});
export type LaptopInput = z.input<typeof laptopInputSchema>;

/** Changing a model (its slug stays: it is in addresses, profiles and orders). */
export const laptopPatchSchema = z
  .object({
    brand: laptopInputSchema.shape.brand.optional(),
    series: laptopInputSchema.shape.series.optional(),
    name: laptopInputSchema.shape.name.optional(),
    years: humanText({ label: 'Years', max: 20 }).optional(),
    aliases: aliases.optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Send at least one field to change',
  );

/** `PUT /api/part/:id/fits`: the models a part fits, each with an optional note; replaces the list. */
export const fitsInputSchema = z.object({
  models: z
    .array(
      z.object({
        slug: laptopSlugSchema,
        note: optionalHumanText({ label: 'Note', max: MAX_FIT_NOTE })
          .optional()
          .transform((note) => note || null),
      }),
    )
    .max(MAX_FITS_PER_PART, `At most ${MAX_FITS_PER_PART} models`),
});

/** A fit as a part's page shows it. */
export const fitSchema = z.object({ slug: z.string(), name: z.string(), note: z.string().nullable() });
export type Fit = z.infer<typeof fitSchema>;

/** What an order line keeps of the laptop its buyer had chosen. */
export const forLaptopSchema = z.object({ slug: z.string(), name: z.string() }).nullable();
export type ForLaptop = z.infer<typeof forLaptopSchema>;
