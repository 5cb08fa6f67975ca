import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
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
const guestOrdersOf = (email: string) =>
  and(isNull(orders.userId), isNotNull(orders.accessTokenHash), eq(orders.buyerEmail, email));

/**
 * One order at a time per buyer, so the cap and the idempotency key are judged on what is committed:
 * a customer's account row is locked; a visitor's email and client address are locked by name until
 * the transaction ends.
 */
export async function lockBuyer(tx: Db, buyer: Buyer): Promise<void> {
  if (buyer.customer) {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.customer.id)).for('update');
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
 * every order committed before: the unpaid orders counted, and the order under `key`.
 */
export async function standingOf(tx: Db, buyer: Buyer, key: string | undefined): Promise<Standing> {
  const mine = buyer.customer ? eq(orders.userId, buyer.customer.id) : guestOrdersOf(buyer.guest.email);
  const fromClient = buyer.guest ? eq(orders.guestClient, buyer.guest.client) : sql`false`;
  const counts = tx
    .select({
      unpaid: sql<number>`count(*) filter (where ${mine})`.mapWith(Number).as('unpaid'),
      unpaidFromClient: sql<number>`count(*) filter (where ${fromClient})`
        .mapWith(Number)
        .as('unpaid_from_client'),
    })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), or(mine, fromClient)))
    .as('counts');
  const [standing] = await tx
    .select({ unpaid: counts.unpaid, unpaidFromClient: counts.unpaidFromClient, keyed: orders })
    .from(counts)
    .leftJoin(orders, key ? ownedUnderKey(buyer, key) : sql`false`);
  return standing!;
}

/** At most `max` unpaid orders per customer, and per visitor's email and client address (429). */
export function refusePastUnpaidCap(standing: Standing, buyer: Buyer, max: number): void {
  if (standing.unpaid >= max) throw tooManyUnpaid(max);
  if (buyer.guest && standing.unpaidFromClient >= max) throw tooManyFromClient();
}

/** The buyer's earlier order under an idempotency key: a customer's by account, a visitor's by email. */
export const ownedUnderKey = (buyer: Buyer, key: string) =>
  buyer.customer
    ? and(eq(orders.userId, buyer.customer.id), eq(orders.idempotencyKey, key))
    : and(guestOrdersOf(buyer.guest.email), eq(orders.idempotencyKey, key));

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
