import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { discountRedemptions } from '#server/db/schema.ts';
import { Conflict, Invalid } from '#server/lib/domain-errors.ts';
import { formatDollars } from '#shared/money.ts';
import { type DiscountToApply, discountReaches, type LineToPrice } from '#shared/pricing.ts';
import { type DiscountCodeRow, findDiscountCode } from './service';

export type { DiscountCodeRow };

/** What a buyer is told when a code cannot be used, one message per reason. */
export const DISCOUNT_REFUSALS = {
  unknown: 'This code does not exist. Check how it is spelled.',
  notStarted: (startsAt: Date) => `This code can be used from ${startsAt.toISOString().slice(0, 10)}.`,
  ended: 'This code has ended.',
  usedUp: 'This code has been used up',
  belowMinimum: (minimumCents: number) =>
    `This code needs a subtotal of at least ${formatDollars(minimumCents)}.`,
  notForTheseParts: 'This code is not for the parts in your cart.',
  alreadyUsed: 'You have already used this code.',
} as const;

/** A code as the pricing takes it. */
export const discountToApply = (code: DiscountCodeRow): DiscountToApply => ({
  kind: code.kind,
  value: code.value,
  categories: code.categories,
});

export interface DiscountContext {
  lines: readonly LineToPrice[];
  /** The buyer's email (once-per-customer), null while nobody is known. */
  email: string | null;
  now?: Date;
}

async function usedBefore(db: Db, code: DiscountCodeRow, email: string | null) {
  if (!code.oncePerCustomer || !email) return false;
  const [row] = await db
    .select({ orderId: discountRedemptions.orderId })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountCodeId, code.id),
        eq(discountRedemptions.email, email.toLowerCase()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Why a code cannot take money off these lines now, or null when it can: the one list of a code's rules,
 * for applying it to a cart and again when the order is placed.
 */
export async function discountRefusal(db: Db, code: DiscountCodeRow, context: DiscountContext) {
  const now = context.now ?? new Date();
  if (code.startsAt && now < code.startsAt)
    return { usedUp: false, message: DISCOUNT_REFUSALS.notStarted(code.startsAt) };
  if (!code.active || (code.endsAt && now >= code.endsAt))
    return { usedUp: false, message: DISCOUNT_REFUSALS.ended };
  if (code.maxUses !== null && code.uses >= code.maxUses)
    return { usedUp: true, message: DISCOUNT_REFUSALS.usedUp };
  const subtotal = context.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (subtotal < code.minSubtotalCents)
    return { usedUp: false, message: DISCOUNT_REFUSALS.belowMinimum(code.minSubtotalCents) };
  const rule = discountToApply(code);
  if (!context.lines.some((line) => discountReaches(rule, line)))
    return { usedUp: false, message: DISCOUNT_REFUSALS.notForTheseParts };
  if (await usedBefore(db, code, context.email))
    return { usedUp: false, message: DISCOUNT_REFUSALS.alreadyUsed };
  return null;
}

/** A refusal as thrown: a code with no uses left is a conflict, any other reason is the input's. */
export const discountRefused = ({ usedUp, message }: { usedUp: boolean; message: string }) =>
  usedUp
    ? new Conflict('discount_used_up', message, { code: message })
    : new Invalid('discount_refused', message, { code: message });

/** The code typed, if it can be used on these lines now; else 400 (or 409 used up) saying why. */
export async function usableCode(db: Db, text: string, context: DiscountContext): Promise<DiscountCodeRow> {
  const code = await findDiscountCode(db, text);
  if (!code) throw discountRefused({ usedUp: false, message: DISCOUNT_REFUSALS.unknown });
  const refusal = await discountRefusal(db, code, context);
  if (refusal) throw discountRefused(refusal);
  return code;
}
