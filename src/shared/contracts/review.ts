import { z } from 'zod';
import { humanText, optionalHumanText } from './text';

export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string(),
  rating: z.number().int().min(1).max(5),
  review: z.string(),
  createdAt: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

/** Add a Review: its fields (docs/product.md) with real rules (the author is the signed-in account). */
export const reviewInputSchema = z.object({
  name: humanText({ label: 'Name', max: 60 }),
  location: optionalHumanText({ label: 'Location', max: 80 }),
  rating: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Choose a rating from 1 to 5 stars' })
      .int('Choose a rating from 1 to 5 stars')
      .min(1, 'Choose a rating from 1 to 5 stars')
      .max(5, 'Choose a rating from 1 to 5 stars'),
  ),
  review: humanText({
    label: 'Review',
    min: 10,
    max: 1000,
    multiline: true,
    messages: { min: 'Write at least 10 characters', max: 'Keep it under 1000 characters' },
  }),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
