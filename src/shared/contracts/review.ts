import { z } from 'zod';

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

/** Add a Review: the spec's fields with real rules (the author is the signed-in account). */
export const reviewInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(60, 'Name must be at most 60 characters'),
  location: z.string().trim().max(80, 'Location must be at most 80 characters').default(''),
  rating: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: 'Choose a rating from 1 to 5 stars' })
      .int('Choose a rating from 1 to 5 stars')
      .min(1, 'Choose a rating from 1 to 5 stars')
      .max(5, 'Choose a rating from 1 to 5 stars'),
  ),
  review: z
    .string({ error: 'Review is required' })
    .trim()
    .min(10, 'Write at least 10 characters')
    .max(1000, 'Keep it under 1000 characters'),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
