import { z } from 'zod';
import { orderSchema, orderStatusSchema } from './order';

export const ADMIN_PAGE_SIZE = 50;

export const adminOrderQuerySchema = z.object({
  status: orderStatusSchema.optional(),
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
