import { eq } from 'drizzle-orm';
import { cartDiscounts, cartItems } from '#server/db/schema.ts';

/** Whose cart: a customer's (by account) or a visitor's (by the guest cart their cookie names). */
export type CartOwner =
  | { userId: string; guestCartId?: undefined }
  | { guestCartId: string; userId?: undefined };

/** The owner as the columns of a cart line or of a cart's code. */
export const ownerColumns = (owner: CartOwner) => ({
  userId: owner.userId ?? null,
  guestCartId: owner.guestCartId ?? null,
});

/** The cart's lines. */
export const linesOf = (owner: CartOwner) =>
  owner.userId !== undefined
    ? eq(cartItems.userId, owner.userId)
    : eq(cartItems.guestCartId, owner.guestCartId);

/** The cart's code. */
export const codeOf = (owner: CartOwner) =>
  owner.userId !== undefined
    ? eq(cartDiscounts.userId, owner.userId)
    : eq(cartDiscounts.guestCartId, owner.guestCartId);
