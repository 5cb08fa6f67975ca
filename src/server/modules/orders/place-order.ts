import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/database.ts';
import {
  categories,
  orderEvents,
  orderLines,
  orders,
  parts,
  type ShippingAddress,
} from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';
import { Invalid, Mismatch, notFound } from '#server/lib/domain-errors.ts';
import type { CartOwner } from '#server/modules/cart/owner.ts';
import { emptyingCart } from '#server/modules/cart/service.ts';
import { onSale } from '#server/modules/catalog/on-sale.ts';
import { quantityRefusal, stockChanging } from '#server/modules/catalog/quantity-refusal.ts';
import { discountToApply } from '#server/modules/discounts/eligibility.ts';
import { recordRedemption, takeUse } from '#server/modules/discounts/redemption.ts';
import { shippingMethodFor } from '#server/modules/shipping/method-for.ts';
import { taxRateFor } from '#server/modules/tax/service.ts';
import { priceOrder } from '#shared/pricing.ts';
import {
  type Buyer,
  buyerColumns,
  buyerEmail,
  lockBuyer,
  ownedUnderKey,
  refusePastUnpaidCap,
  standingOf,
} from './buyer';
import { enqueueOrderMail } from './order-mail-events';
import type { OrderWithLines } from './order-shape';
import { completeShippingAddress } from './shipping-address';
import type { OrderRow } from './state-machine';

export interface LineRequest {
  partId: string;
  quantity: number;
  /** The laptop the buyer had chosen for the part, kept on the order line. */
  forLaptop?: { slug: string; name: string } | null;
  /** The part's price, name and category, when the line was read with them inside the order's transaction. */
  part?: PricedPart;
}

interface PricedPart {
  unitPriceCents: number;
  name: string;
  category: string;
}

export interface OrderRules {
  holdMinutes: number;
  maxUnpaidPerCustomer: number;
  /** Catalogue prices hold the tax (PRICES_INCLUDE_TAX). */
  pricesIncludeTax: boolean;
}

export interface PlaceOrderInput {
  /** The lines and the discount code to use (a cart's), read (a cart's locked) in the order's transaction. */
  basket: (tx: Db) => Promise<{ lines: LineRequest[]; discountCodeId: string | null }>;
  shippingAddress: Partial<ShippingAddress>;
  /** The method chosen; left out, the cheapest that ships to the address. */
  shippingMethodId?: string;
  idempotencyKey?: string;
  /** What was asked, as sent: the same key with a different request is refused. */
  request: unknown;
  /** The cart the order is made from, emptied in the same transaction (checkout). */
  fromCart?: CartOwner;
  /** Say which part a stock or minimum message is about (orders of several lines). */
  nameParts?: boolean;
}

const fingerprintOf = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/** The order placed under the key before, refused (422) when it was for a different request. */
function sameRequest(row: OrderRow | null | undefined, fingerprint: string) {
  if (row && row.idempotencyFingerprint !== fingerprint) {
    throw new Mismatch(
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Send a new key for a new order.',
    );
  }
  return row;
}

/** An order placed (`created`, with its lines and timeline as written: `placed`) or replayed. */
export type PlacedOrder =
  | { order: OrderRow; created: true; placed: OrderWithLines }
  | { order: OrderRow; created: false; placed?: undefined };

/**
 * Places an order: the buyer from the session (or a visitor's email), prices from the database, every
 * line's stock reserved by a conditional update in the one transaction that inserts the order — all
 * lines or none, whatever the concurrency and however many app instances share the database. A buyer
 * holds at most `maxUnpaidPerCustomer` unpaid orders (buyer.ts), each for `holdMinutes`. An order
 * without a complete shipping address is refused (400). The same Idempotency-Key and request give the
 * first order back (`created: false`).
 */
export async function placeOrder(
  db: Db,
  buyer: Buyer,
  input: PlaceOrderInput,
  rules: OrderRules,
): Promise<PlacedOrder> {
  const fingerprint = fingerprintOf(input.request);
  const { idempotencyKey } = input;
  // Nowhere to send it, no order (and so nothing to pay for).
  const shippingAddress = completeShippingAddress(input.shippingAddress);
  try {
    return await db.transaction(async (tx) => {
      await lockBuyer(tx, buyer);
      const standing = await standingOf(tx, buyer, idempotencyKey);
      const existing = sameRequest(standing.keyed, fingerprint);
      if (existing) return { order: existing, created: false };
      refusePastUnpaidCap(standing, buyer, rules.maxUnpaidPerCustomer);

      const { lines: requested, discountCodeId: codeId } = await input.basket(tx);
      if (requested.length === 0) throw new Invalid('cart_empty', 'Your cart is empty.');
      const method = await shippingMethodFor(tx, input.shippingMethodId, shippingAddress.country);
      const tax = await taxRateFor(tx, shippingAddress);
      // Priced from the parts as they are in this transaction; their stock is taken last (below).
      const lines = await priceLines(tx, requested);
      const toPrice = lines.map((line) => ({
        lineTotalCents: line.unitPriceCents * line.quantity,
        category: line.category,
      }));
      const code = codeId ? await takeUse(tx, codeId, { lines: toPrice, email: buyerEmail(buyer) }) : null;
      const price = priceOrder({
        lines: toPrice,
        discount: code && discountToApply(code),
        shipping: method,
        tax,
        pricesIncludeTax: rules.pricesIncludeTax,
      });
      const id = randomUUID();
      // The order, its lines and its first event in one statement (one round trip, not three): the
      // lines' and the event's keys are checked at the statement's end, where the order's row is.
      // Every column given, so that the order is answered as written, without reading it back.
      const lineRows = lines.map((line, index): OrderWithLines['lines'][number] => ({
        id: randomUUID(),
        orderId: id,
        position: index + 1,
        partId: line.partId,
        partName: line.name,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.unitPriceCents * line.quantity,
        discountCents: price.lines[index]!.discountCents,
        taxCents: price.lines[index]!.taxCents,
        forLaptopSlug: line.forLaptop?.slug ?? null,
        forLaptopName: line.forLaptop?.name ?? null,
        refundedQuantity: 0,
      }));
      const firstEvent: Omit<OrderWithLines['events'][number], 'createdAt'> = {
        id: randomUUID(),
        orderId: id,
        fromStatus: null,
        toStatus: 'unpaid',
        actor: 'customer',
        actorId: buyer.customer?.id ?? null,
        note: null,
        returnId: null,
        returnStatus: null,
      };
      const linesAdded = tx.$with('lines_added').as(tx.insert(orderLines).values(lineRows));
      const eventAdded = tx.$with('event_added').as(tx.insert(orderEvents).values(firstEvent));
      const [created] = await tx
        .with(linesAdded, eventAdded)
        .insert(orders)
        .values({
          id,
          ...buyerColumns(buyer, id, shippingAddress),
          shippingAddress,
          subtotalCents: price.subtotalCents,
          discountCents: price.discountCents,
          shippingCents: price.shippingCents,
          taxCents: price.taxCents,
          pricesIncludeTax: rules.pricesIncludeTax,
          totalCents: price.totalCents,
          shippingMethodId: method?.id ?? null,
          shippingMethodName: method?.name ?? null,
          discountCode: code?.code ?? null,
          taxRateMilli: tax?.rateMilli ?? 0,
          expiresAt: sql`now() + make_interval(secs => ${rules.holdMinutes * 60})`,
          idempotencyKey: idempotencyKey ?? null,
          idempotencyFingerprint: idempotencyKey ? fingerprint : null,
        })
        .returning();
      if (code) await recordRedemption(tx, code.id, id, buyerEmail(buyer));
      // A visitor's only way back to the order, should the page be closed, is the mail with its link.
      if (buyer.guest) await enqueueOrderMail(tx, 'order-placed', id);
      // Stock last, then commit: the parts' row locks, which every other buyer of those parts waits on,
      // are held for that one statement and the commit. A checkout's cart is emptied by the same statement.
      await reserve(tx, lines, Boolean(input.nameParts), input.fromCart && emptyingCart(input.fromCart));
      // The event's time is the order's: both are the transaction's now().
      const events = [{ ...firstEvent, createdAt: created!.createdAt }];
      return { order: created!, placed: { ...created!, lines: lineRows, events }, created: true };
    });
  } catch (error) {
    if (idempotencyKey && isUniqueViolation(error)) {
      const [row] = await db.select().from(orders).where(ownedUnderKey(buyer, idempotencyKey));
      const existing = sameRequest(row, fingerprint);
      if (existing) return { order: existing, created: false };
    }
    throw error;
  }
}

/**
 * The lines with their parts' names, prices and categories as they are in this transaction, read without
 * locking the parts; 404 for a part not on sale. A cart's lines come with them, read by the statement
 * that locked the lines (as of its start, should it have waited on a line's lock: a price changed during
 * that wait is the next order's).
 */
async function priceLines(tx: Db, requested: LineRequest[]) {
  const priced = requested.flatMap((line) => (line.part ? [{ ...line, ...line.part }] : []));
  if (priced.length === requested.length) return priced;
  const found = await tx
    .select({ id: parts.id, unitPriceCents: parts.priceCents, name: parts.name, category: categories.slug })
    .from(parts)
    .innerJoin(categories, eq(categories.id, parts.categoryId))
    .where(
      and(
        inArray(
          parts.id,
          requested.map((line) => line.partId),
        ),
        onSale,
      ),
    );
  const byId = new Map(found.map(({ id, ...part }) => [id, part]));
  return requested.map((line) => {
    const part = byId.get(line.partId);
    if (!part) throw notFound('Part');
    return { ...line, ...part };
  });
}

/**
 * Takes every line's units off the shelf in one conditional statement, all lines or none. The parts'
 * rows are locked first, in part order (the sorted subquery's `for no key update`): the update's own plan would
 * lock them in whichever order it reads them, and two orders of the same parts locking them in opposite
 * orders would each wait on the other. When a line's part could not give its units, the order is rolled
 * back, saying why for the first such line in part order: 404 part gone, 400 below its minimum, 409 short.
 * `alongside` (a `with` list) runs in the same statement, and is rolled back with it.
 */
async function reserve(
  tx: Db,
  lines: (LineRequest & { name: string })[],
  nameParts: boolean,
  alongside: SQL | undefined,
) {
  const wanted = sql.join(
    lines.map((line) => sql`(${line.partId}::uuid, ${line.quantity}::int)`),
    sql`, `,
  );
  const taken = await rowsOf<{ id: string }>(
    tx,
    sql`${alongside ? sql`with ${alongside} ` : sql``}
    update ${parts} set ${sql.identifier(parts.availableQuantity.name)} = ${parts.availableQuantity} - wanted.quantity
    from (
      select locked.id, asked.quantity
      from ${parts} locked join (values ${wanted}) as asked (id, quantity) on asked.id = locked.id
      order by locked.id
      for no key update of locked
    ) as wanted
    where ${parts.id} = wanted.id and ${onSale}
      and ${parts.minQuantity} <= wanted.quantity and ${parts.availableQuantity} >= wanted.quantity
    returning ${parts.id}`,
  );
  const short = [...lines]
    .sort((a, b) => (a.partId < b.partId ? -1 : 1))
    .find((line) => !taken.some((row) => row.id === line.partId));
  if (!short) return;
  const about = (message: string) => (nameParts ? `${short.name}: ${message}` : message);
  throw (await quantityRefusal(tx, short.partId, short.quantity, about)) ?? stockChanging(about);
}

/** One part and quantity as the order's only line (the purchase page's BUY NOW). */
export const singleLine = (line: LineRequest) => async () => ({ lines: [line], discountCodeId: null });
