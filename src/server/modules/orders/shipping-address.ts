import type { z } from 'zod';
import type { ShippingAddress } from '#server/db/schema.ts';
import { fieldsOf, Invalid } from '#server/lib/domain-errors.ts';
import { deliverableAddressSchema } from '#shared/contracts/address.ts';
import { shippingAddressSchema } from '#shared/contracts/order.ts';

/** What the buyer is told when an order has nowhere to go. */
export const SHIPPING_ADDRESS_REQUIRED = 'Enter a shipping address: where should we send your order?';

/**
 * The one rule for where an order goes, for every way of ordering (the cart's checkout, the purchase
 * page's BUY NOW) and before any payment: a complete postal address with its country (the address
 * book's rules), else 400 naming each missing field as `shippingAddress.<field>`.
 */
export const completeShippingAddress = (address: Partial<ShippingAddress> | null | undefined) =>
  checked(shippingAddressSchema, address);

/**
 * Payment's rule: an order is paid only with somewhere to go (400 naming the fields otherwise). Unpaid
 * orders placed before countries were asked for have none and may still be paid.
 */
export const assertDeliverable = (address: Partial<ShippingAddress> | null | undefined) =>
  checked(deliverableAddressSchema, address);

function checked<Schema extends z.ZodType>(schema: Schema, address: unknown): z.output<Schema> {
  const result = schema.safeParse(address ?? {});
  if (result.success) return result.data;
  throw new Invalid(
    'shipping_address_required',
    SHIPPING_ADDRESS_REQUIRED,
    fieldsOf(result.error.issues, ['shippingAddress']),
  );
}
