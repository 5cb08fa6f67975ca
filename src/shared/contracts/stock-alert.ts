import { z } from 'zod';
import { emailSchema } from './email';

/**
 * "Notify me when it's back" (`POST /api/part/:id/notify`): a visitor sends an email address, which
 * is written to once, to confirm; a customer sends nothing (their account's address).
 */
export const stockAlertInputSchema = z.object({ email: emailSchema.optional() });
export type StockAlertInput = z.input<typeof stockAlertInputSchema>;

/**
 * `subscribed`: the address is on the list (a customer's verified address); `confirmation_sent`: a link
 * to confirm was mailed (a visitor, or a customer whose address is not verified). A visitor gets the
 * same answer whether or not the address was on the list already.
 */
export const stockAlertAnswerSchema = z.object({
  status: z.enum(['subscribed', 'confirmation_sent']),
  message: z.string(),
});
export type StockAlertAnswer = z.infer<typeof stockAlertAnswerSchema>;

/** A signed-in customer's own alert for a part (`GET /api/part/:id/notify`). */
export const myStockAlertSchema = z.object({ subscribed: z.boolean() });

/** A link from a mail: `?token=` of `/api/stock-alerts/confirm` and `/api/stock-alerts/unsubscribe`. */
export const stockAlertTokenSchema = z.object({
  token: z
    .string({ error: 'This link is not complete.' })
    .trim()
    .min(1, 'This link is not complete.')
    .max(200),
});

export const stockAlertConfirmedSchema = z.object({
  part: z.object({ _id: z.string(), name: z.string() }),
  /** True when the part is in stock already: its one mail is on its way. */
  inStock: z.boolean(),
  message: z.string(),
});
export const stockAlertUnsubscribedSchema = z.object({ ended: z.number().int(), message: z.string() });

/** The two things a mailed link does on the part's page (`/parts/:id?alert=confirm&token=…`). */
export const STOCK_ALERT_LINK_ACTIONS = ['confirm', 'unsubscribe'] as const;
export type StockAlertLinkAction = (typeof STOCK_ALERT_LINK_ACTIONS)[number];
