import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import type { ShippingAddress } from '#server/db/schema.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { createAddress, getAddress, listAddresses } from '#server/modules/addresses/service.ts';
import { getProfile } from '#server/modules/profiles/service.ts';
import type { checkoutInputSchema } from '#shared/contracts/order.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

export type DeliveryChoice = Pick<
  z.output<typeof checkoutInputSchema>,
  'addressId' | 'shippingAddress' | 'save'
>;

/**
 * Where an order goes: the saved address named (404 for another customer's), the address sent, else
 * the address book's default, else the profile's (which has no country, so placing the order asks for
 * one: 400 naming the fields).
 */
export async function deliveryAddress(
  db: Db,
  user: SessionUser,
  { addressId, shippingAddress }: DeliveryChoice,
): Promise<Partial<ShippingAddress>> {
  if (addressId) {
    const { id: _, isDefault: __, ...saved } = await getAddress(db, user, addressId);
    return saved;
  }
  if (shippingAddress) return shippingAddress;
  const [first] = await listAddresses(db, user);
  if (first?.isDefault) {
    const { id: _, isDefault: __, ...saved } = first;
    return saved;
  }
  const { name, address, location, phone } = await getProfile(db, user);
  return { name, address, location, phone };
}

/**
 * `save: true` keeps a new address in the address book once its order is placed. The order stands
 * whatever happens here: a full address book is written to the log, not answered as a failure.
 */
export async function keepAddress(
  db: Db,
  user: SessionUser,
  { shippingAddress, save }: DeliveryChoice,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!save || !shippingAddress) return;
  const same = (await listAddresses(db, user)).some((saved) =>
    (Object.keys(shippingAddress) as (keyof typeof shippingAddress)[]).every(
      (field) => saved[field] === shippingAddress[field],
    ),
  );
  if (same) return;
  try {
    await createAddress(db, user, { ...shippingAddress, isDefault: false });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    log.warn({ err: error, userId: user.id }, 'the new address was not kept in the address book');
  }
}
