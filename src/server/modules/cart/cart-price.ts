import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { cartDiscounts, discountCodes } from '#server/db/schema.ts';
import { Invalid } from '#server/lib/domain-errors.ts';
import {
  type DiscountCodeRow,
  discountRefusal,
  discountToApply,
} from '#server/modules/discounts/eligibility.ts';
import { shippingMethodFor } from '#server/modules/shipping/method-for.ts';
import { taxRateFor } from '#server/modules/tax/service.ts';
import type { CartQuery } from '#shared/contracts/cart.ts';
import { type Price, priceOrder, type ShippingToCharge, type TaxToCharge } from '#shared/pricing.ts';
import { type CartOwner, codeOf, ownerIdOf } from './owner';
import { type CartLineRow, readCart } from './service';

export interface CartMoney {
  price: Price;
  code: DiscountCodeRow | null;
  /** Why the applied code takes nothing off now; null while it applies (or none is applied). */
  codeProblem: string | null;
  shippingKnown: boolean;
  taxKnown: boolean;
  pricesIncludeTax: boolean;
}

/** The code applied to a customer's cart, if any. */
export async function appliedCode(db: Db, owner: CartOwner): Promise<DiscountCodeRow | null> {
  const customer = owner.userId !== undefined;
  const [row] = await prepared(db, `cart_code_of_${customer ? 'customer' : 'visitor'}`, (on, name) =>
    on
      .select({ code: discountCodes })
      .from(cartDiscounts)
      .innerJoin(discountCodes, eq(discountCodes.id, cartDiscounts.discountCodeId))
      .where(codeOf(owner, sql.placeholder('owner')))
      .prepare(name),
  ).execute({ owner: ownerIdOf(owner) });
  return row?.code ?? null;
}

/**
 * What the cart would cost, by the rules an order is placed with (shared/pricing.ts): the applied code
 * when it can still be used, shipping once a country and a method are known, tax once the country is.
 * A method that does not ship to the country leaves shipping unknown rather than failing the cart.
 */
export async function priceCart(
  db: Db,
  /** Null: a visitor with no cart yet. */
  owner: CartOwner | null,
  /** The buyer's email (once-per-customer codes), null for a visitor not known yet. */
  email: string | null,
  lines: CartLineRow[],
  where: CartQuery,
  pricesIncludeTax: boolean,
): Promise<CartMoney> {
  const toPrice = lines
    .filter((line) => line.available)
    .map((line) => ({ lineTotalCents: line.priceCents * line.quantity, category: line.category }));
  // Lines that name no code say the cart has none; an empty cart's is looked up.
  const codeNamed = lines.length === 0 || lines[0]!.codeId !== null;
  const code = owner && codeNamed ? await appliedCode(db, owner) : null;
  const refusal =
    code && toPrice.length > 0 ? await discountRefusal(db, code, { lines: toPrice, email }) : null;
  let shipping: ShippingToCharge | null = null;
  let tax: TaxToCharge | null = null;
  if (where.country) {
    tax = await taxRateFor(db, { country: where.country, region: where.region ?? '' });
    if (where.shippingMethodId)
      shipping = await shippingMethodFor(db, where.shippingMethodId, where.country).catch(unlessRefused);
  }
  return {
    price: priceOrder({
      lines: toPrice,
      discount: code && !refusal ? discountToApply(code) : null,
      shipping,
      tax,
      pricesIncludeTax,
    }),
    code,
    codeProblem: refusal?.message ?? null,
    shippingKnown: shipping !== null,
    taxKnown: Boolean(where.country),
    pricesIncludeTax,
  };
}

const unlessRefused = (error: unknown) => {
  if (error instanceof Invalid) return null;
  throw error;
};

/** What a shipping method's free-over threshold is judged on: the customer's cart after its discount. */
export async function cartSubtotalForShipping(
  db: Db,
  owner: CartOwner,
  email: string | null,
  pricesIncludeTax: boolean,
) {
  const { price } = await priceCart(db, owner, email, await readCart(db, owner), {}, pricesIncludeTax);
  return price.subtotalCents - price.discountCents;
}
