import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { discountCodes, discountRedemptions } from '#server/db/schema.ts';
import {
  DISCOUNT_REFUSALS,
  type DiscountCodeRow,
  type DiscountContext,
  discountRefusal,
  discountRefused,
} from './eligibility';

/**
 * Counts one use of a code for an order being placed, inside the order's transaction, or throws why it
 * cannot be used (409 once used up). The conditional update takes the code's row lock, so buyers of one
 * code at once are counted one after the other and no more than `maxUses` orders ever carry it; a
 * refusal rolls the whole order back.
 */
export async function takeUse(tx: Db, codeId: string, context: DiscountContext): Promise<DiscountCodeRow> {
  const [counted] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning();
  if (!counted) {
    const [exists] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.id, codeId));
    throw discountRefused(
      exists
        ? { usedUp: true, message: DISCOUNT_REFUSALS.usedUp }
        : { usedUp: false, message: DISCOUNT_REFUSALS.unknown },
    );
  }
  // Judged as it stood before this use.
  const refusal = await discountRefusal(tx, { ...counted, uses: counted.uses - 1 }, context);
  if (refusal) throw discountRefused(refusal);
  return counted;
}

/** Writes down who used the code on which order (once-per-customer reads it; giveBackUse undoes it). */
export async function recordRedemption(tx: Db, codeId: string, orderId: string, email: string) {
  await tx
    .insert(discountRedemptions)
    .values({ orderId, discountCodeId: codeId, email: email.toLowerCase() });
}

/** An unpaid order that expires or is removed gives its use of a code back (inside its transition). */
export async function giveBackUse(tx: Db, orderId: string) {
  const [given] = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ codeId: discountRedemptions.discountCodeId });
  if (given)
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, given.codeId));
}
