import { shippingAddressSchema } from '../../../shared/contracts/order';
import type { ShippingAddress } from '../../db/schema';
import { AppError } from '../../http/errors';

/** What the buyer is told when an order has nowhere to go. */
export const SHIPPING_ADDRESS_REQUIRED = 'Enter a shipping address: where should we send your order?';

/**
 * The one rule for where an order goes, for every way of ordering (the cart's checkout, the purchase
 * page's BUY NOW) and before any payment: a complete address (name, address, location, phone), else
 * 400 naming each missing field as `shippingAddress.<field>`.
 */
export function completeShippingAddress(
  address: Partial<ShippingAddress> | null | undefined,
): ShippingAddress {
  const checked = shippingAddressSchema.safeParse(address ?? {});
  if (checked.success) return checked.data;
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues)
    fields[['shippingAddress', ...issue.path].join('.')] ??= issue.message;
  throw new AppError(400, 'shipping_address_required', SHIPPING_ADDRESS_REQUIRED, fields);
}
