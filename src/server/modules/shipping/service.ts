import { asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { shippingMethods } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, notFound } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type {
  shippingMethodInputSchema,
  shippingMethodPatchSchema,
} from '#shared/contracts/shipping-method.ts';

/** A shipping method as stored: money in cents. */
export interface ShippingMethodRow {
  id: string;
  name: string;
  priceCents: number;
  /** Free once the discounted subtotal reaches this; null: never free. */
  freeOverCents: number | null;
  /** ISO 3166-1 alpha-2 codes served; empty: everywhere. */
  countries: string[];
  days: string;
}

const columns = {
  id: shippingMethods.id,
  name: shippingMethods.name,
  priceCents: shippingMethods.priceCents,
  freeOverCents: shippingMethods.freeOverCents,
  countries: shippingMethods.countries,
  days: shippingMethods.days,
};

/** Cheapest first, then by name. */
const inOrder = [
  asc(shippingMethods.priceCents),
  asc(sql`lower(${shippingMethods.name})`),
  asc(shippingMethods.id),
];

/**
 * The methods serving a country (those with no countries serve everywhere), or every method without
 * one; the cheapest first, then by name.
 */
export function listShippingMethods(db: Db, { country }: { country?: string }): Promise<ShippingMethodRow[]> {
  if (country === undefined)
    return db
      .select(columns)
      .from(shippingMethods)
      .orderBy(...inOrder);
  // Every cart and checkout asks for its country's: one prepared statement.
  return prepared(db, 'shipping_methods_for_country', (on, name) =>
    on
      .select(columns)
      .from(shippingMethods)
      .where(
        or(
          sql`cardinality(${shippingMethods.countries}) = 0`,
          sql`${sql.placeholder('country')} = any(${shippingMethods.countries})`,
        ),
      )
      .orderBy(...inOrder)
      .prepare(name),
  ).execute({ country });
}

/** One method; 404 for an id that names none. */
export async function getShippingMethod(db: Db, id: string): Promise<ShippingMethodRow> {
  recordId(id, 'Shipping method');
  const [row] = await db.select(columns).from(shippingMethods).where(eq(shippingMethods.id, id));
  if (!row) throw notFound('Shipping method');
  return row;
}

/** Names compare ignoring case (the table's unique index on lower(name)). */
const nameTaken = (name: string) =>
  new Conflict('shipping_method_exists', `A shipping method called "${name}" already exists.`, {
    name: 'Already used by another shipping method',
  });

/** Runs a change; a name another method has (in any case) is a 409 naming it. */
async function withUniqueName<T>(name: string | undefined, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (name !== undefined && isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** Adds a method (checked by the route's contract), audited in the same transaction. */
export async function createShippingMethod(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'>,
  input: z.output<typeof shippingMethodInputSchema>,
): Promise<ShippingMethodRow> {
  return withUniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(shippingMethods).values(input).returning(columns);
      await recordAudit(tx, admin, 'shipping.create', row!.id, { ...input });
      return row!;
    }),
  );
}

/** Changes the fields sent; 404 for an unknown method, 409 for a name another method has. */
export async function updateShippingMethod(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'>,
  id: string,
  change: z.output<typeof shippingMethodPatchSchema>,
): Promise<ShippingMethodRow> {
  recordId(id, 'Shipping method');
  return withUniqueName(change.name, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(shippingMethods)
        .set(change)
        .where(eq(shippingMethods.id, id))
        .returning(columns);
      if (!row) throw notFound('Shipping method');
      await recordAudit(tx, admin, 'shipping.update', id, { ...change });
      return row;
    }),
  );
}

/**
 * Removes a method. Orders that used it keep its name (their snapshot); their link to it is cleared by
 * the database (on delete set null).
 */
export async function deleteShippingMethod(
  db: Db,
  admin: Pick<SessionUser, 'id' | 'email'>,
  id: string,
): Promise<void> {
  recordId(id, 'Shipping method');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .returning({ name: shippingMethods.name });
    if (!row) throw notFound('Shipping method');
    await recordAudit(tx, admin, 'shipping.delete', id, { name: row.name });
  });
}
