import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { addresses, users } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { Conflict, fieldsOf, invalid, notFound } from '#server/lib/domain-errors.ts';
import {
  type addressInputSchema,
  type addressPatchSchema,
  MAX_SAVED_ADDRESSES,
  postalAddressSchema,
  type SavedAddress,
} from '#shared/contracts/address.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

const savedColumns = {
  id: addresses.id,
  name: addresses.name,
  address: addresses.address,
  location: addresses.location,
  region: addresses.region,
  postalCode: addresses.postalCode,
  country: addresses.country,
  phone: addresses.phone,
  isDefault: addresses.isDefault,
};

/** The customer's addresses, the default first, then the oldest first. */
export function listAddresses(db: Db, user: SessionUser): Promise<SavedAddress[]> {
  return db
    .select(savedColumns)
    .from(addresses)
    .where(eq(addresses.userId, user.id))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
}

/** One of the customer's addresses; 404 for another customer's, as for one that does not exist. */
export async function getAddress(db: Db, user: SessionUser, id: string): Promise<SavedAddress> {
  recordId(id, 'Address');
  const [row] = await db
    .select(savedColumns)
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, user.id)));
  if (!row) throw notFound('Address');
  return row;
}

/**
 * Takes the customer's row lock for a change to their address book: two requests at once are counted
 * and given the default one after the other.
 */
async function lockAddressBook(tx: Db, user: SessionUser) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
}

/** The other addresses stop being the default. */
const clearDefault = (tx: Db, user: SessionUser, except: string) =>
  tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, user.id), eq(addresses.isDefault, true), ne(addresses.id, except)));

/** Saves a new address: at most MAX_SAVED_ADDRESSES (409 past it); the first one is the default. */
export async function createAddress(
  db: Db,
  user: SessionUser,
  { isDefault, ...fields }: z.output<typeof addressInputSchema>,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, user);
    const [saved] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, user.id));
    const existing = saved?.n ?? 0;
    if (existing >= MAX_SAVED_ADDRESSES)
      throw new Conflict(
        'address_book_full',
        `You can keep at most ${MAX_SAVED_ADDRESSES} addresses: remove one to add another.`,
      );
    const makeDefault = isDefault || existing === 0;
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId: user.id, isDefault: false })
      .returning({ id: addresses.id });
    if (makeDefault) await makeDefaultAddress(tx, user, row!.id);
    return getAddress(tx, user, row!.id);
  });
}

async function makeDefaultAddress(tx: Db, user: SessionUser, id: string) {
  await clearDefault(tx, user, id);
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/**
 * Changes the fields sent; the address they make is checked whole (a new country may need a region
 * and postal code), 400 naming the fields. `isDefault: true` makes it the default.
 */
export async function updateAddress(
  db: Db,
  user: SessionUser,
  id: string,
  { isDefault, ...fields }: z.output<typeof addressPatchSchema>,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockAddressBook(tx, user);
    const { id: _, isDefault: __, ...current } = await getAddress(tx, user, id);
    const checked = postalAddressSchema.safeParse({ ...current, ...fields });
    if (!checked.success) {
      const problems = fieldsOf(checked.error.issues);
      throw invalid(Object.values(problems)[0] ?? 'Check the address', problems);
    }
    await tx.update(addresses).set(checked.data).where(eq(addresses.id, id));
    if (isDefault) await makeDefaultAddress(tx, user, id);
    return getAddress(tx, user, id);
  });
}

/** Removes an address; when it was the default, the oldest one left becomes the default. */
export async function deleteAddress(db: Db, user: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, user);
    const removed = await getAddress(tx, user, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!removed.isDefault) return;
    const [next] = await listAddresses(tx, user);
    if (next) await makeDefaultAddress(tx, user, next.id);
  });
}
