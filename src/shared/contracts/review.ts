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
