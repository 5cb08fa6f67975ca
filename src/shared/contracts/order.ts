import { z } from 'zod';
import { MAX_ORDER_QUANTITY, quantityOutOfBounds } from '#shared/order-quantity.ts';
import { ORDER_ACTIONS, ORDER_STATUS_LABELS, ORDER_STATUSES } from '#shared/order-status.ts';
import { RETURN_STATUSES } from '#shared/returns.ts';
import { postalAddressSchema } from './address';
import { emailSchema } from './email';
import { forLaptopSchema, laptopSlugSchema } from './laptop';
import { wholeNumber } from './whole-number';

// Declared without zod (for the browser's order pages and cart), used here and by the server.
export { MAX_ORDER_QUANTITY, ORDER_STATUS_LABELS, ORDER_STATUSES, quantityOutOfBounds };

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Where a new order goes: a postal address with its country (the address book's rules). */
export const shippingAddressSchema = postalAddressSchema;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;

export const orderLineSchema = z.object({
  /** The line itself, as a refund names it. */
  lineId: z.string(),
  partId: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  unitPriceCents: z.number().int(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  lineTotalCents: z.number().int(),
  /** The line's share of the order's discount and of its tax (shared/pricing.ts). */
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  /** Units refunded so far. */
  refundedQuantity: z.number().int(),
  /** The laptop the buyer had chosen for this part, as it was named then; null when none. */
  forLaptop: forLaptopSchema,
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  note: z.string().nullable(),
  /** A return's move (the order's status did not change): the state the return entered. */
  returnStatus: z.enum(RETURN_STATUSES).optional(),
});

/**
 * An order as read. The first fields are the compatible purchase shape (see docs/decisions/010): for an
 * order of one line `parts` is its part's name and `price` its unit price; for several lines `parts`
 * names each line with its quantity and `price` is the total. New clients read `lines` and `total`.
 */
export const orderSchema = z.object({
  _id: z.string(),
  user: z.string(),
  userName: z.string(),
  parts: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  /** Units across all lines. */
  quantity: z.number().int(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
  total: z.number(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** The lines at their unit prices, the code's discount, shipping and tax (see shared/pricing.ts). */
  subtotal: z.number(),
  subtotalCents: z.number().int(),
  discount: z.number(),
  discountCents: z.number().int(),
  shipping: z.number(),
  shippingCents: z.number().int(),
  tax: z.number(),
  taxCents: z.number().int(),
  /** The prices held the tax: `tax` is the part of the total that is tax, not added to it. */
  pricesIncludeTax: z.boolean(),
  /** Money given back so far (some lines, or all: shared/refunds.ts), and whether the shipping was. */
  refunded: z.number(),
  refundedCents: z.number().int(),
  shippingRefunded: z.boolean(),
  /** The shipping method's name when the order was placed; null for orders from before methods. */
  shippingMethod: z.string().nullable(),
  discountCode: z.string().nullable(),
  /** Orders from before the address book have '' for region, postal code and country. */
  shippingAddress: z.object({
    name: z.string(),
    address: z.string(),
    location: z.string(),
    region: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  }),
  /** Until when an unpaid order holds its parts; null once it is settled either way. */
  expiresAt: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  timeline: z.array(orderEventSchema),
  /** The moves this order allows now for the one asking (see shared/order-status.ts). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** A whole number of units, typed or sent as text ("3"). */
export const quantitySchema = wholeNumber(1, MAX_ORDER_QUANTITY, {
  notWhole: 'Enter a whole number',
  tooSmall: 'Enter at least 1',
  tooBig: `Enter at most ${MAX_ORDER_QUANTITY}`,
});

/** The purchase form: a quantity within one part's bounds (the server checks them again). */
export const boundedQuantitySchema = (minimum: number, available: number) =>
  z.object({
    quantity: quantitySchema
      .refine((quantity) => quantity >= minimum, quantityOutOfBounds.belowMinimum(minimum))
      .refine((quantity) => quantity <= available, quantityOutOfBounds.beyondStock(available)),
  });

/**
 * Where an order goes and how: a saved address (`addressId`) or a new one (`save` keeps it in the
 * address book), else the address book's default; a shipping method serving its country, else the
 * cheapest one that does.
 */
const deliveryFields = {
  addressId: z.string().trim().min(1).max(100).optional(),
  shippingAddress: shippingAddressSchema.optional(),
  save: z.boolean().default(false),
  shippingMethodId: z.string().trim().min(1, 'Choose a shipping method').max(100).optional(),
};

/**
 * POST /api/purchase: one part and a quantity, and where to ship it (else the profile's address). Older
 * clients also sent parts, price, user and userName: they are accepted and ignored, since the buyer
 * comes from the session and the price from the database.
 */
export const purchaseInputSchema = z.object({
  purchaseId: z.string().trim().min(1, 'Choose a part').max(100),
  quantity: quantitySchema,
  ...deliveryFields,
  /** "My laptop": kept on the order line. */
  laptop: laptopSlugSchema.nullable().optional(),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

/**
 * POST /api/checkout: the cart (with its discount code) becomes an order shipped there. A visitor (guest
 * checkout) gives the email the order's mails go to, and a new address.
 */
export const checkoutInputSchema = z.object({ ...deliveryFields, email: emailSchema.optional() });
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/** An Idempotency-Key: the browser sends a fresh one per click, the same one on retries. */
export const idempotencyKeySchema = z.string().trim().min(8).max(100);

export const purchaseCreatedSchema = z.object({ success: z.literal(true), order: orderSchema });

/** A visitor's order also answers its private link (`/orders/:id?token=…`): the only way back to it. */
export const orderCreatedSchema = z.object({ order: orderSchema, orderUrl: z.string().optional() });

/** A visitor's order is reached with the token of its private link (`?token=` on the calls about it). */
export const orderTokenSchema = z.string().trim().min(20).max(100);

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
