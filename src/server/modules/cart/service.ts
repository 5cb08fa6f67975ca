import { and, asc, eq, gte, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { cartDiscounts, cartItems, categories, laptopModels, parts } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { Conflict, Invalid } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';
import { quantityRefusal, stockChanging } from '#server/modules/catalog/quantity-refusal.ts';
import { usableCode } from '#server/modules/discounts/eligibility.ts';
import { chosenLaptop } from '#server/modules/laptops/service.ts';
import { type CartOwner, codeOf, linesOf, ownerColumns, ownerIdOf } from './owner';

/** Whose cart it is, as the names of its prepared statements say. */
const ownerKind = (owner: CartOwner) => (owner.userId !== undefined ? 'customer' : 'visitor');

/**
 * The one way to read a cart for its page (checkout reads it locked: cartBasket): each line with its
 * part at today's price and stock, oldest first. A line whose part left the shop (hidden by an admin
 * because it has orders) is kept and marked `available: false`, so the customer sees it and can remove
 * it; a deleted part takes its lines with it.
 */
export function readCart(db: Db, owner: CartOwner) {
  return prepared(db, `cart_lines_of_${ownerKind(owner)}`, (on, name) =>
    cartLines(on, owner, sql.placeholder('owner')).prepare(name),
  ).execute({ owner: ownerIdOf(owner) });
}

/**
 * The lines of the owner's cart (`id`: the owner's id, or a placeholder in a prepared statement), each
 * with its part as it is now and the id of the code applied to the cart (`codeId`), so that a cart
 * without one is priced without reading codes.
 */
const cartLines = (db: Db, owner: CartOwner, id: string | Placeholder) =>
  db
    .select({
      partId: cartItems.partId,
      name: parts.name,
      imageUrl: parts.imageUrl,
      priceCents: parts.priceCents,
      quantity: cartItems.quantity,
      minQuantity: parts.minQuantity,
      availableQuantity: parts.availableQuantity,
      available: sql<boolean>`${onSale}`,
      forLaptopSlug: laptopModels.slug,
      forLaptopName: laptopModels.name,
      category: categories.slug,
      codeId: sql<
        string | null
      >`(select ${cartDiscounts.discountCodeId} from ${cartDiscounts} where ${codeOf(owner, id)})`,
    })
    .from(cartItems)
    .innerJoin(parts, eq(parts.id, cartItems.partId))
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .leftJoin(laptopModels, eq(laptopModels.id, cartItems.forLaptopModelId))
    .where(linesOf(owner, id))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.partId));

export type CartLineRow = Awaited<ReturnType<typeof readCart>>[number];

/** Checkout's refusal of a cart holding a part the shop no longer sells: it names the part. */
export const partUnavailable = (name: string) =>
  new Conflict('part_unavailable', `"${name}" is no longer available. Remove it from your cart.`);

/**
 * The cart as an order's lines, with its parts' prices as they are in the order's transaction, and its
 * discount code, read in one statement there. The lines are locked (not the parts: their stock is taken
 * later, in part order) until the order is placed. Every line must still be on sale, else 409 naming
 * the first one that is not.
 */
export const cartBasket = (owner: CartOwner) => async (tx: Db) => {
  const lines = await prepared(tx, `cart_basket_of_${ownerKind(owner)}`, (on, name) =>
    cartLines(on, owner, sql.placeholder('owner')).for('update', { of: cartItems }).prepare(name),
  ).execute({ owner: ownerIdOf(owner) });
  const gone = lines.find((line) => !line.available);
  if (gone) throw partUnavailable(gone.name);
  return {
    lines: lines.map(({ partId, quantity, forLaptopSlug, forLaptopName, priceCents, name, category }) => ({
      partId,
      quantity,
      forLaptop: forLaptopSlug && forLaptopName ? { slug: forLaptopSlug, name: forLaptopName } : null,
      part: { unitPriceCents: priceCents, name, category },
    })),
    discountCodeId: lines[0]?.codeId ?? null,
  };
};

/**
 * Puts a part in the cart with this quantity (adding or changing the line): the part must be on sale,
 * the quantity at least its minimum (400) and at most what is in stock now (409). Stock is only taken
 * at checkout, so it is checked again there. The check and the write are one statement; the part is
 * read again only to say why nothing was written.
 */
export async function setCartItem(
  db: Db,
  owner: CartOwner,
  partId: string,
  quantity: number,
  laptop?: string | null,
): Promise<void> {
  recordId(partId, 'Part');
  const forLaptop = await chosenLaptop(db, laptop);
  // A refusal that the part no longer bears out (its stock came back between the two statements) is
  // tried again: three attempts in all.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await putLine(db, owner, partId, quantity, forLaptop)) return;
    const refusal = await quantityRefusal(db, partId, quantity);
    if (refusal) throw refusal;
  }
  throw stockChanging();
}

/** Adds or changes the line when the part is on sale with the quantity in its bounds; false when not. */
async function putLine(
  db: Db,
  owner: CartOwner,
  partId: string,
  quantity: number,
  forLaptop: Awaited<ReturnType<typeof chosenLaptop>>,
): Promise<boolean> {
  const kind = ownerKind(owner);
  // Left out, the line keeps the laptop it was added for (the cart page's stepper changes only its quantity).
  const laptop = forLaptop === undefined ? 'kept' : 'set';
  const written = await prepared(db, `put_cart_line_of_${kind}_laptop_${laptop}`, (on, name) => {
    const ownerId = sql.placeholder('owner');
    const wanted = sql.placeholder('quantity');
    return on
      .insert(cartItems)
      .select((qb) =>
        qb
          .select({
            userId: sql<string | null>`${kind === 'customer' ? ownerId : null}::text`.as('user_id'),
            guestCartId: sql<string | null>`${kind === 'visitor' ? ownerId : null}::uuid`.as('guest_cart_id'),
            partId: parts.id,
            quantity: sql<number>`${wanted}::integer`.as('quantity'),
            forLaptopModelId: sql<string | null>`${sql.placeholder('laptop')}::uuid`.as(
              'for_laptop_model_id',
            ),
            createdAt: sql<Date>`now()`.as('created_at'),
            updatedAt: sql<Date>`now()`.as('updated_at'),
          })
          .from(parts)
          .where(
            and(
              eq(parts.id, sql.placeholder('part')),
              onSale,
              lte(parts.minQuantity, wanted),
              gte(parts.availableQuantity, wanted),
            ),
          ),
      )
      .onConflictDoUpdate({
        target:
          kind === 'customer'
            ? [cartItems.userId, cartItems.partId]
            : [cartItems.guestCartId, cartItems.partId],
        // Set here, not by Drizzle as it builds: a prepared statement is built once.
        set: {
          quantity: sql`excluded.quantity`,
          ...(laptop === 'set' && { forLaptopModelId: sql`excluded.for_laptop_model_id` }),
          updatedAt: sql`now()`,
        },
      })
      .returning({ partId: cartItems.partId })
      .prepare(name);
  }).execute({ owner: ownerIdOf(owner), part: partId, quantity, laptop: forLaptop?.id ?? null });
  return written.length > 0;
}

export async function removeCartItem(db: Db, owner: CartOwner, partId: string): Promise<void> {
  if (!isUuid(partId)) return;
  await db.delete(cartItems).where(and(linesOf(owner), eq(cartItems.partId, partId)));
}

/**
 * Applies a code to the customer's cart (replacing any other) when it can take money off these lines
 * now; else 400 (409 once used up) saying why. Checked again when the order is placed.
 */
export async function applyDiscountCode(db: Db, owner: CartOwner | null, email: string | null, text: string) {
  const lines = (owner ? await readCart(db, owner) : [])
    .filter((line) => line.available)
    .map((line) => ({ lineTotalCents: line.priceCents * line.quantity, category: line.category }));
  if (!owner || lines.length === 0) {
    const message = 'Your cart is empty: add parts before a discount code.';
    throw new Invalid('cart_empty', message, { code: message });
  }
  const code = await usableCode(db, text, { lines, email });
  await db
    .insert(cartDiscounts)
    .values({ ...ownerColumns(owner), discountCodeId: code.id })
    .onConflictDoUpdate({
      target: owner.userId !== undefined ? cartDiscounts.userId : cartDiscounts.guestCartId,
      set: { discountCodeId: code.id },
    });
}

export async function removeDiscountCode(db: Db, owner: CartOwner) {
  await db.delete(cartDiscounts).where(codeOf(owner));
}

/**
 * Empties a cart and takes its code off (the order it became was placed, in the same transaction), as
 * the `with` list of the statement it is sent with: the order's stock statement, so it costs no round
 * trip of its own while the order's transaction is open.
 */
export const emptyingCart = (owner: CartOwner): SQL =>
  sql`emptied_code as (delete from ${cartDiscounts} where ${codeOf(owner)}), emptied_lines as (delete from ${cartItems} where ${linesOf(owner)})`;
