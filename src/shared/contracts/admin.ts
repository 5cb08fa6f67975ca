import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import { MAX_ORDER_QUANTITY, orderSchema, orderStatusSchema } from './order';
import { pagingFieldsOf } from './paging';
import { optionalHumanText } from './text';

export const adminOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  /** An order number (RTP-100001) or part of the buyer's email. */
  q: z.string().trim().max(254).optional(),
  ...pagingFieldsOf(ADMIN_PAGE_SIZE),
});

/** One page of every order: an array, with `X-Total-Count` and `Link` like every paged list. */
export const adminOrderListSchema = z.array(orderSchema);

export const feedbackMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  location: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type FeedbackMessage = z.infer<typeof feedbackMessageSchema>;
export const feedbackListSchema = z.object({
  messages: z.array(feedbackMessageSchema),
  unread: z.number().int(),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });

export const shipOrderInputSchema = z.object({
  trackingNumber: z
    .string()
    .trim()
    .max(100, 'Tracking number must be at most 100 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Use letters, digits, spaces and dashes')
    .optional()
    .transform((value) => value || undefined),
});

/**
 * POST /api/orders/:id/refund: the whole order (no `lines`), or some units of some lines and/or the
 * shipping; the amount is always worked out on the server (shared/refunds.ts).
 */
/** Some units of an order's line, as a refund or a return names them. */
export const lineUnitsSchema = z.object({
  lineId: z.string().trim().min(1).max(100),
  quantity: z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Enter at least 1')
    .max(MAX_ORDER_QUANTITY, `Enter at most ${MAX_ORDER_QUANTITY}`),
});

export const refundInputSchema = z.object({
  reason: optionalHumanText({ label: 'Reason', max: 500, multiline: true }).transform(
    (value) => value || undefined,
  ),
  /** Put the refunded parts back in stock (they came back, or were never sent); a line may say otherwise. */
  restock: z.boolean().default(false),
  /** The lines and how many of their units; left out, the whole order (every unit left and the shipping). */
  lines: z
    .array(lineUnitsSchema.extend({ restock: z.boolean().optional() }))
    .max(100)
    .optional(),
  /** Give the shipping back too (with `lines`; the whole order always includes it). */
  shipping: z.boolean().default(false),
  /** The order's `refundedCents` as the admin saw it: if another refund came first, 409 instead. */
  expectRefundedCents: z.number().int().min(0).optional(),
});
export type RefundInput = z.input<typeof refundInputSchema>;
