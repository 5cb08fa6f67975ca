import { z } from 'zod';
import { forLaptopSchema, laptopSlugSchema } from './laptop';
import { pagingFields } from './paging';
import { humanText } from './text';
import { wholeNumber } from './whole-number';

/** How many reviews of a part a page lists, unless asked for another number (at most the maximum). */
export const PART_REVIEWS_PAGE_SIZE = 10;
export const MAX_PART_REVIEWS_PAGE_SIZE = 50;

/**
 * A review of a part by a customer who received it (`GET /api/part/:id/reviews`): the author as shown
 * ("Ada B."), the laptop it fitted when the buyer said so, and `hidden` (admins see hidden ones too;
 * everyone else only the shown ones).
 */
export const partReviewSchema = z.object({
  _id: z.string(),
  partId: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  /** The laptop the buyer says it fitted ("Fitted my Lenovo ThinkPad T480"); null when not said. */
  laptop: forLaptopSchema,
  author: z.string(),
  /** Every review is by a customer with a delivered order line of the part. */
  verifiedBuyer: z.literal(true),
  hidden: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PartReview = z.infer<typeof partReviewSchema>;
export const partReviewListSchema = z.array(partReviewSchema);

const LIMIT_MESSAGE = `limit is a whole number from 1 to ${MAX_PART_REVIEWS_PAGE_SIZE}`;

export const partReviewQuerySchema = z.object({
  page: pagingFields.page,
  limit: wholeNumber(1, MAX_PART_REVIEWS_PAGE_SIZE, {
    notWhole: LIMIT_MESSAGE,
    tooSmall: LIMIT_MESSAGE,
    tooBig: LIMIT_MESSAGE,
  }).default(PART_REVIEWS_PAGE_SIZE),
});

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

/** Writing or editing one's review of a part: `{ rating, text, laptop? }` (`laptop` null or '' for none). */
export const partReviewInputSchema = z.object({
  rating: wholeNumber(1, 5, { notWhole: RATING_MESSAGE, tooSmall: RATING_MESSAGE, tooBig: RATING_MESSAGE }),
  text: humanText({
    label: 'Review',
    min: 10,
    max: 2000,
    multiline: true,
    messages: { min: 'Write at least 10 characters', max: 'Keep it under 2000 characters' },
  }),
  laptop: z
    .union([z.literal(''), laptopSlugSchema])
    .nullable()
    .optional()
    .transform((slug) => slug || null),
});
export type PartReviewInput = z.input<typeof partReviewInputSchema>;

/**
 * What a signed-in customer may do about a part's review (`GET /api/part/:id/reviews/mine`): whether they
 * may write one (a delivered order line of the part), their review if they wrote one, and the laptop
 * their order line was for (the form's first choice).
 */
export const myPartReviewSchema = z.object({
  canReview: z.boolean(),
  review: partReviewSchema.nullable(),
  orderedFor: forLaptopSchema,
});
export type MyPartReview = z.infer<typeof myPartReviewSchema>;
