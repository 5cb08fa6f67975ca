import { and, eq, isNotNull, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { orders, type ShippingAddress, users } from '#server/db/schema.ts';
import { TooMany } from '#server/lib/domain-errors.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { OrderRow } from './state-machine';

/**
 * Who places an order: a signed-in customer, or a visitor (guest checkout) known by the email they
 * gave and the client address they came from; a visitor's order gets a private link (order-link.ts).
 */
export type Buyer =
  | { customer: SessionUser; guest?: undefined }
  | {
      guest: { email: string; client: string; tokenHashFor: (orderId: string) => string };
      customer?: undefined;
    };

const tooManyUnpaid = (max: number) =>
  new TooMany(
    'too_many_unpaid_orders',
    `You have ${max} unpaid ${max === 1 ? 'order' : 'orders'}: pay or remove one first`,
  );

const tooManyFromClient = () =>
  new TooMany(
    'too_many_unpaid_orders',
    'Too many unpaid orders were placed from your connection: pay one, or wait until they expire.',
  );

/** A visitor's orders, as opposed to those of an account removed since (which have no link). */
const guestOrdersOf = (email: string | Placeholder) =>
  and(isNull(orders.userId), isNotNull(orders.accessTokenHash), eq(orders.buyerEmail, email));

type BuyerKind = 'customer' | 'visitor';
const buyerKind = (buyer: Buyer): BuyerKind => (buyer.customer ? 'customer' : 'visitor');

/** Who the buyer is in their orders' rows: a customer's account id, a visitor's email. */
const whoOf = (buyer: Buyer) => (buyer.customer ? buyer.customer.id : buyer.guest.email);

/** The buyer's orders (`who` as whoOf says, or a placeholder for it). */
const ordersOf = (kind: BuyerKind, who: string | Placeholder) =>
  kind === 'customer' ? eq(orders.userId, who) : guestOrdersOf(who);

/**
 * One order at a time per buyer, so the cap and the idempotency key are judged on what is committed:
 * a customer's account row is locked; a visitor's email and client address are locked by name until
 * the transaction ends.
 */
export async function lockBuyer(tx: Db, buyer: Buyer): Promise<void> {
  if (buyer.customer) {
    await prepared(tx, 'lock_customer', (on, name) =>
      on
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .for('update')
        .prepare(name),
    ).execute({ id: buyer.customer.id });
    return;
  }
  const { email, client } = buyer.guest;
  // Always email first, then address: two visitors' orders never wait on each other in a circle.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-order-email:${email}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest-order-client:${client}`}))`);
}

/** What a buyer's next order is judged on: their unpaid orders, and the order placed under its key before. */
export interface Standing {
  /** A customer's unpaid orders, or a visitor's under their email. */
  unpaid: number;
  /** A visitor's unpaid orders placed from their client address (0 for a customer). */
  unpaidFromClient: number;
  /** The buyer's order under the request's idempotency key, if there is one. */
  keyed: OrderRow | null;
}

/**
 * The buyer's standing, read in one statement once the buyer is locked (lockBuyer), so that it counts
 * every order committed before: the unpaid orders counted, and the order under `key`. One prepared
 * statement per kind of buyer, with or without a key.
 */
export async function standingOf(tx: Db, buyer: Buyer, key: string | undefined): Promise<Standing> {
  const kind = buyerKind(buyer);
  const [standing] = await prepared(tx, `standing_of_${kind}${key ? '_under_key' : ''}`, (on, name) => {
    const who = sql.placeholder('who');
    const mine = ordersOf(kind, who);
    const fromClient = kind === 'visitor' ? eq(orders.guestClient, sql.placeholder('client')) : sql`false`;
    const counts = on
      .select({
        unpaid: sql<number>`count(*) filter (where ${mine})`.mapWith(Number).as('unpaid'),
        unpaidFromClient: sql<number>`count(*) filter (where ${fromClient})`
          .mapWith(Number)
          .as('unpaid_from_client'),
      })
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), or(mine, fromClient)))
      .as('counts');
    return on
      .select({ unpaid: counts.unpaid, unpaidFromClient: counts.unpaidFromClient, keyed: orders })
      .from(counts)
      .leftJoin(orders, key ? underKey(kind, who, sql.placeholder('key')) : sql`false`)
      .prepare(name);
  }).execute({ who: whoOf(buyer), client: buyer.guest?.client ?? null, key: key ?? null });
  return standing!;
}

/** At most `max` unpaid orders per customer, and per visitor's email and client address (429). */
export function refusePastUnpaidCap(standing: Standing, buyer: Buyer, max: number): void {
  if (standing.unpaid >= max) throw tooManyUnpaid(max);
  if (buyer.guest && standing.unpaidFromClient >= max) throw tooManyFromClient();
}

/** The buyer's earlier order under an idempotency key: a customer's by account, a visitor's by email. */
export const ownedUnderKey = (buyer: Buyer, key: string) => underKey(buyerKind(buyer), whoOf(buyer), key);

const underKey = (kind: BuyerKind, who: string | Placeholder, key: string | Placeholder) =>
  and(ordersOf(kind, who), eq(orders.idempotencyKey, key));

/** The order's columns that say who bought it. */
export function buyerColumns(buyer: Buyer, orderId: string, address: ShippingAddress) {
  if (buyer.customer)
    return { userId: buyer.customer.id, buyerEmail: buyer.customer.email, buyerName: buyer.customer.name };
  return {
    userId: null,
    buyerEmail: buyer.guest.email,
    buyerName: address.name,
    accessTokenHash: buyer.guest.tokenHashFor(orderId),
    guestClient: buyer.guest.client,
  };
}

/** The email a buyer's code uses are counted under. */
export const buyerEmail = (buyer: Buyer) => (buyer.customer ? buyer.customer.email : buyer.guest.email);

/**
 * A visitor's orders join the account that proves it owns their email (verified at sign-up, or vouched
 * for by Google): they show in its My Orders from then on. Their links keep working.
 */
export async function claimGuestOrders(db: Db, account: { id: string; email: string }): Promise<number> {
  const claimed = await db
    .update(orders)
    .set({ userId: account.id })
    .where(guestOrdersOf(account.email.toLowerCase()))
    .returning({ id: orders.id });
  return claimed.length;
}
