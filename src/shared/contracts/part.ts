import { z } from 'zod';
import { CATEGORY_SLUG, MAX_CATEGORY_SLUG_LENGTH, MAX_SEARCH_LENGTH, PART_SORTS } from '#shared/catalogue.ts';
import { PART_CONDITIONS } from '#shared/part-numbers.ts';
import { fitSchema, laptopSlugSchema } from './laptop';
import { pagingFields } from './paging';

/**
 * What its buyers think of a part: the average of the stars of its shown reviews (one decimal; null
 * without any) and how many there are.
 */
export const partRatingSchema = z.object({
  average: z.number().min(1).max(5).nullable(),
  count: z.number().int().min(0),
});
export type PartRating = z.infer<typeof partRatingSchema>;

/**
 * A part as the shop reads it: the read shape of the product contract, plus cents, its category, its
 * maker part numbers, condition and warranty, and its buyers' rating.
 */
export const partSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  minquantity: z.number().int(),
  avaquantity: z.number().int(),
  description: z.string(),
  /** The category's slug. */
  category: z.string(),
  partNumbers: z.array(z.string()),
  condition: z.enum(PART_CONDITIONS),
  warrantyMonths: z.number().int(),
  rating: partRatingSchema,
});

export type Part = z.infer<typeof partSchema>;

/** One part (`GET /api/part/:id`): also its specs and the laptops it fits, by name. */
export const partDetailSchema = partSchema.extend({
  specs: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  fits: z.array(fitSchema),
});
export type PartDetail = z.infer<typeof partDetailSchema>;

/** The body of `GET /api/part`: one page of parts (the total and links travel in headers). */
export const partListSchema = z.array(partSchema);

export const categorySlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(CATEGORY_SLUG, 'Use lowercase letters, digits and single dashes')
  .max(MAX_CATEGORY_SLUG_LENGTH, `At most ${MAX_CATEGORY_SLUG_LENGTH} characters`);

/**
 * `GET /api/part` query: search, filter, sort and page. Without `sort` the catalogue comes in its own
 * order (as the shop wrote it), with `q` by relevance.
 */
export const partQuerySchema = z.object({
  q: z.string().trim().max(MAX_SEARCH_LENGTH, `Search at most ${MAX_SEARCH_LENGTH} characters`).optional(),
  category: categorySlugSchema.optional(),
  sort: z.enum(PART_SORTS, { error: `Sort by one of ${PART_SORTS.join(', ')}` }).optional(),
  inStock: z
    .enum(['true', 'false'], { error: 'inStock is true or false' })
    .transform((value) => value === 'true')
    .optional(),
  /** Only parts that fit this laptop model. */
  fits: laptopSlugSchema.optional(),
  condition: z
    .enum(PART_CONDITIONS, { error: `condition is one of ${PART_CONDITIONS.join(', ')}` })
    .optional(),
  ...pagingFields,
});
export type PartQuery = z.output<typeof partQuerySchema>;
export type PartQueryInput = z.input<typeof partQuerySchema>;
