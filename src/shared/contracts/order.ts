import { z } from 'zod';

export const orderStatusSchema = z.enum(['unpaid', 'paid', 'shipped', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** An order as read: the spec's shape (price = unit price in dollars) plus quantity, totals and state. */
export const orderSchema = z.object({
  _id: z.string(),
  user: z.string(),
  userName: z.string(),
  partId: z.string(),
  parts: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  quantity: z.number().int(),
  total: z.number(),
  totalCents: z.number().int(),
  paid: z.boolean(),
  status: orderStatusSchema,
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const MAX_ORDER_QUANTITY = 10_000;

/**
 * A whole number of units, typed or sent as text ("3"); anything else is refused with a clear message.
 * (A preprocess rather than a union: form resolvers report a union's first branch, not its message.)
 */
export const quantitySchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Enter a whole number' })
    .int('Enter a whole number')
    .min(1, 'Enter at least 1')
    .max(MAX_ORDER_QUANTITY, `Enter at most ${MAX_ORDER_QUANTITY}`),
);

const unitWord = (count: number) => (count === 1 ? 'unit' : 'units');

/** What is said about a quantity outside a part's bounds: the same words in the form and from the server. */
export const quantityOutOfBounds = {
  belowMinimum: (minimum: number) => `Order at least ${minimum} ${unitWord(minimum)}.`,
  beyondStock: (left: number) => `Only ${left} ${unitWord(left)} left in stock.`,
};

/** The purchase form: a quantity within one part's bounds (the server checks them again). */
export const boundedQuantitySchema = (minimum: number, available: number) =>
  z.object({
    quantity: quantitySchema
      .refine((quantity) => quantity >= minimum, quantityOutOfBounds.belowMinimum(minimum))
      .refine((quantity) => quantity <= available, quantityOutOfBounds.beyondStock(available)),
  });

/**
 * POST /api/purchase. The spec's client also sent parts, price, user and userName: they are accepted and
 * ignored, since the buyer comes from the session and the price from the database.
 */
export const purchaseInputSchema = z.object({
  purchaseId: z.string().trim().min(1, 'Choose a part').max(100),
  quantity: quantitySchema,
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

export const purchaseCreatedSchema = z.object({ success: z.literal(true), order: orderSchema });

export const orderListQuerySchema = z.object({
  user: z.string().trim().max(254).optional(),
  status: orderStatusSchema.optional(),
});

export const paymentIntentInputSchema = z.object({ purchaseId: z.string().trim().min(1).max(100) });
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(['sandbox', 'stripe']),
  publishableKey: z.string().nullable(),
  amountCents: z.number().int(),
});
export type PaymentIntentInfo = z.infer<typeof paymentIntentSchema>;

export const markPaidInputSchema = z.object({ transactionId: z.string().trim().min(1).max(255) });
