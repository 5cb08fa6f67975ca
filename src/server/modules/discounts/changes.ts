import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { categories, discountCodes } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Conflict, invalid } from '#server/lib/domain-errors.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import {
  type DiscountCode,
  type DiscountCodeChanges,
  type DiscountCodeDeactivated,
  type DiscountCodeNew,
  discountCodeProblems,
} from '#shared/contracts/discount-code.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { getDiscountCodeRow, hasRedemptions, toDiscountCode } from './service';

type Admin = Pick<SessionUser, 'id' | 'email'>;

const codeTaken = () =>
  new Conflict('discount_code_exists', 'A code with this name already exists', {
    code: 'A code with this name already exists',
  });

/** Problems as a 400 naming their fields (the first one is the message). */
function refuse(problems: Record<string, string>) {
  const [first] = Object.values(problems);
  if (first) throw invalid(first, problems);
}

/** Every slug is a category of the shop; 400 naming the first unknown one. */
async function assertCategoriesExist(db: Db, slugs: string[]) {
  if (slugs.length === 0) return;
  const known = new Set(
    (await db.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, slugs))).map(
      (row) => row.slug,
    ),
  );
  const unknown = slugs.find((slug) => !known.has(slug));
  if (unknown !== undefined) refuse({ categories: `There is no category "${unknown}"` });
}

const dateOf = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Adds a code (checked by the route's contract); another code spelled the same in any case is 409. */
export async function createDiscountCode(
  db: Db,
  admin: Admin,
  input: DiscountCodeNew,
): Promise<DiscountCode> {
  await assertCategoriesExist(db, input.categories);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(discountCodes)
        .values({
          code: input.code,
          kind: input.kind,
          value: input.value,
          minSubtotalCents: input.minSubtotalCents,
          startsAt: dateOf(input.startsAt),
          endsAt: dateOf(input.endsAt),
          maxUses: input.maxUses,
          oncePerCustomer: input.oncePerCustomer,
          categories: input.categories,
        })
        .returning();
      const created = toDiscountCode(row!);
      await recordAudit(tx, admin, 'discount.create', created.code, { ...created });
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * Changes the fields sent (never the code or its uses); the code they make is checked whole: a percent
 * at most 100, the end after the start, and a use limit not below the uses already counted (400).
 */
export async function updateDiscountCode(
  db: Db,
  admin: Admin,
  code: string,
  changes: DiscountCodeChanges,
): Promise<DiscountCode> {
  if (changes.categories) await assertCategoriesExist(db, changes.categories);
  return db.transaction(async (tx) => {
    // Held until the change lands: an order counting a use waits for it, and sees the new limit.
    const current = await getDiscountCodeRow(tx, code, { lock: true });
    const next = {
      kind: changes.kind ?? current.kind,
      value: changes.value ?? current.value,
      startsAt: changes.startsAt === undefined ? current.startsAt : dateOf(changes.startsAt),
      endsAt: changes.endsAt === undefined ? current.endsAt : dateOf(changes.endsAt),
      maxUses: changes.maxUses === undefined ? current.maxUses : changes.maxUses,
    };
    const problems = discountCodeProblems(next);
    if (next.maxUses !== null && next.maxUses < current.uses)
      problems.maxUses = `Maximum uses cannot be below the ${current.uses} uses already counted`;
    refuse(problems);
    const [row] = await tx
      .update(discountCodes)
      .set({
        ...next,
        ...(changes.minSubtotalCents !== undefined && { minSubtotalCents: changes.minSubtotalCents }),
        ...(changes.oncePerCustomer !== undefined && { oncePerCustomer: changes.oncePerCustomer }),
        ...(changes.categories !== undefined && { categories: changes.categories }),
        ...(changes.active !== undefined && { active: changes.active }),
      })
      .where(eq(discountCodes.id, current.id))
      .returning();
    await recordAudit(tx, admin, 'discount.update', current.code, { ...changes });
    return toDiscountCode(row!);
  });
}

/**
 * Deletes a code no order ever used (null); a code with uses or redemptions stays, for the orders that
 * name it, and is deactivated instead (the answer says so).
 */
export async function deleteDiscountCode(
  db: Db,
  admin: Admin,
  code: string,
): Promise<DiscountCodeDeactivated | null> {
  return db.transaction(async (tx) => {
    const current = await getDiscountCodeRow(tx, code, { lock: true });
    if (current.uses === 0 && !(await hasRedemptions(tx, current.id))) {
      await tx.delete(discountCodes).where(eq(discountCodes.id, current.id));
      await recordAudit(tx, admin, 'discount.delete', current.code);
      return null;
    }
    await tx.update(discountCodes).set({ active: false }).where(eq(discountCodes.id, current.id));
    await recordAudit(tx, admin, 'discount.deactivate', current.code, { uses: current.uses });
    return {
      code: current.code,
      deleted: false as const,
      deactivated: true as const,
      message: `${current.code} was already used, so it was deactivated rather than deleted.`,
    };
  });
}
