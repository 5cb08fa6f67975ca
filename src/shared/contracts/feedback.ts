import { z } from 'zod';
import { emailSchema } from './email';
import { humanText, optionalHumanText } from './text';

/** The home page's feedback form; the same rules run in the browser and on the server. */
export const feedbackInputSchema = z.object({
  name: humanText({ label: 'Name', max: 100 }),
  email: emailSchema,
  location: optionalHumanText({ label: 'Location', max: 100 }),
  message: humanText({ label: 'Message', min: 10, max: 2000, multiline: true }),
});

export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackCreatedSchema = z.object({ success: z.literal(true), id: z.string() });
