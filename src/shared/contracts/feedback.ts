import { z } from 'zod';
import { emailSchema } from './email';

/** The home page's feedback form; the same rules run in the browser and on the server. */
export const feedbackInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  location: z.string().trim().max(100, 'Location must be at most 100 characters').default(''),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(2000, 'Message must be at most 2000 characters'),
});

export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackCreatedSchema = z.object({ success: z.literal(true), id: z.string() });
