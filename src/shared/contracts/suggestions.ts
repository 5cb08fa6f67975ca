import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from '#shared/catalogue.ts';

/** `GET /api/suggestions?q=`: what the header's search box offers while a shopper types. */
export const suggestionsQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(MAX_SEARCH_LENGTH),
});

export const suggestionsSchema = z.object({
  parts: z.array(z.object({ _id: z.string(), name: z.string() })),
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  laptops: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

/** How many of each the box offers. */
export const SUGGESTIONS_EACH = 5;
