import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { discountCodes, discountRedemptions } from '#server/db/schema.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import type { DiscountCode, DiscountQuery } from '#shared/contracts/discount-code.ts';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The condition that finds a code as a buyer or an admin types it: case does not matter. */
export const codeIs = (code: string) => sql`lower(${discountCodes.code}) = lower(${code.trim()})`;

/** The code spelled this way in any case (its whole row), or null. */
export async function findDiscountCode(db: Db, code: string): Promise<DiscountCodeRow | null> {
  const [row] = await db.select().from(discountCodes).where(codeIs(code)).limit(1);
  return row ?? null;
}

/** The code, or 404. `lock`: the row is held until the transaction ends (a change or a delete). */
export async function getDiscountCodeRow(
  db: Db,
  code: string,
  { lock = false } = {},
): Promise<DiscountCodeRow> {
  const query = db.select().from(discountCodes).where(codeIs(code)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Discount code');
  return row;
}

/** A row as admins read it. */
export function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotalCents: row.minSubtotalCents,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses: row.uses,
    oncePerCustomer: row.oncePerCustomer,
    categories: row.categories,
    active: row.active,
  };
}

/** One page of codes, the newest first, and how many there are in all. */
export async function listDiscountCodes(
  db: Db,
  { page, limit }: DiscountQuery,
): Promise<{ codes: DiscountCode[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(discountCodes)
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(discountCodes),
  ]);
  return { codes: rows.map(toDiscountCode), total: counted?.n ?? 0 };
}

/** Whether a code (by id) is found on any order. */
export async function hasRedemptions(db: Db, id: string): Promise<boolean> {
  return (await db.$count(discountRedemptions, eq(discountRedemptions.discountCodeId, id))) > 0;
}
