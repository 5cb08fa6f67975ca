import { eq, type Placeholder } from 'drizzle-orm';
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

/** The owner's id: the account's or the guest cart's. */
export const ownerIdOf = (owner: CartOwner) => owner.userId ?? owner.guestCartId;

/** The cart's lines; `id` a placeholder in a prepared statement (for carts of the owner's kind). */
export const linesOf = (owner: CartOwner, id: string | Placeholder = ownerIdOf(owner)) =>
  owner.userId !== undefined ? eq(cartItems.userId, id) : eq(cartItems.guestCartId, id);

/** The cart's code; `id` as in linesOf. */
export const codeOf = (owner: CartOwner, id: string | Placeholder = ownerIdOf(owner)) =>
  owner.userId !== undefined ? eq(cartDiscounts.userId, id) : eq(cartDiscounts.guestCartId, id);
