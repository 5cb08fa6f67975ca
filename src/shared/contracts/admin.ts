import { z } from 'zod';
import { orderSchema, orderStatusSchema } from './order';
import { optionalHumanText } from './text';

export const ADMIN_PAGE_SIZE = 50;

export const adminOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  /** An order number (RTP-100001) or part of the buyer's email. */
  q: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const adminOrderListSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

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

export const refundInputSchema = z.object({
  reason: optionalHumanText({ label: 'Reason', max: 500, multiline: true }).transform(
    (value) => value || undefined,
  ),
  /** Put the order's parts back in stock (they came back, or were never sent). */
  restock: z.boolean().default(false),
});
export type RefundInput = z.input<typeof refundInputSchema>;
