import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '#shared/page-sizes.ts';
import { RETURN_REASONS, RETURN_STATUSES } from '#shared/returns.ts';
import { lineUnitsSchema } from './admin';
import { forLaptopSchema } from './laptop';
import { pagingFieldsOf } from './paging';
import { humanText, optionalHumanText } from './text';

export const returnStatusSchema = z.enum(RETURN_STATUSES);
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: 'Choose a reason' });

/** A customer's (or a visitor's, by the order's link) request to send back some units of some lines. */
export const returnRequestSchema = z.object({
  lines: z.array(lineUnitsSchema).min(1, 'Choose at least one part to return').max(100),
  reason: returnReasonSchema,
  note: optionalHumanText({ label: 'Note', max: 1000, multiline: true }).transform((value) => value || null),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;

/** Rejecting a return says why (the customer is told). */
export const rejectReturnSchema = z.object({
  reason: humanText({ label: 'Reason', max: 500, multiline: true }),
});

/**
 * Marking a return received: whether its units go back in stock. `restock` is every line's default;
 * `lines` may say otherwise for some (by the order line's id).
 */
export const receiveReturnSchema = z.object({
  restock: z.boolean().default(false),
  lines: z
    .array(z.object({ lineId: z.string().trim().min(1).max(100), restock: z.boolean() }))
    .max(100)
    .optional(),
});
export type ReceiveReturnInput = z.input<typeof receiveReturnSchema>;

export const returnLineSchema = z.object({
  lineId: z.string(),
  partId: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Set once received: whether its units went back in stock. */
  restock: z.boolean().nullable(),
  forLaptop: forLaptopSchema,
});

export const returnSchema = z.object({
  id: z.string(),
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  status: returnStatusSchema,
  reason: returnReasonSchema,
  note: z.string().nullable(),
  rejectReason: z.string().nullable(),
  lines: z.array(returnLineSchema),
  /** What its refund gave back, once refunded. */
  refundedCents: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

/** The admins' list: paged like All Orders (ADMIN_PAGE_SIZE a page unless `limit` asks otherwise). */
export const returnListQuerySchema = z.object({
  status: returnStatusSchema.optional(),
  reason: returnReasonSchema.optional(),
  ...pagingFieldsOf(ADMIN_PAGE_SIZE),
});

/** One page of returns: an array, with `X-Total-Count` and `Link` like every paged list. */
export const returnListSchema = z.array(returnSchema);

/** The laptops a part's buyers said it did not fit (returns for `doesnt_fit`, not rejected). */
export const notFittingSchema = z.array(
  z.object({ slug: z.string(), name: z.string(), returns: z.number().int(), units: z.number().int() }),
);
export type NotFitting = z.infer<typeof notFittingSchema>;
