import { createHash, randomBytes } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { cartDiscounts, cartItems, guestCarts } from '#server/db/schema.ts';

/** The cookie that names a visitor's cart: a long random token, of which only the hash is kept. */
export const GUEST_CART_COOKIE = 'rtp_cart';
/** How long a visitor's cart is kept by their browser. */
const GUEST_CART_DAYS = 30;

/** How often every instance drops visitor carts whose cookie has run out. */
const CLEANUP_INTERVAL_MS = 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The cookie's value in a request, if it carries one that could be a token. */
function tokenIn(request: FastifyRequest): string | null {
  const token = parseCookies(request.headers.cookie ?? '').get(GUEST_CART_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

const cookie = (value: string, maxAgeSeconds: number, secure: boolean) =>
  `${GUEST_CART_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The visitor's cart named by the request's cookie, or null (none, or one the shop no longer has). */
export async function findGuestCart(db: Db, request: FastifyRequest): Promise<string | null> {
  const token = tokenIn(request);
  if (!token) return null;
  const [cart] = await db
    .select({ id: guestCarts.id })
    .from(guestCarts)
    .where(eq(guestCarts.tokenHash, hashOf(token)));
  return cart?.id ?? null;
}

/** Starts a visitor's cart and gives their browser its cookie. */
export async function startGuestCart(db: Db, reply: FastifyReply, secure: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const [cart] = await db
    .insert(guestCarts)
    .values({ tokenHash: hashOf(token) })
    .returning({ id: guestCarts.id });
  reply.header('set-cookie', cookie(token, GUEST_CART_DAYS * 86_400, secure));
  return cart!.id;
}

/**
 * A visitor who signs in keeps what they put in the cart: its lines join the account's cart (a part the
 * account's cart already holds keeps the account's line), its code goes over when the account's cart has
 * none, and the visitor's cart and cookie are gone.
 */
export async function mergeGuestCart(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secure: boolean,
): Promise<void> {
  const guestCartId = await findGuestCart(db, request);
  if (tokenIn(request) !== null || guestCartId) reply.header('set-cookie', cookie('', 0, secure));
  if (!guestCartId) return;
  await db.transaction(async (tx) => {
    const lines = await tx
      .select({
        partId: cartItems.partId,
        quantity: cartItems.quantity,
        forLaptopModelId: cartItems.forLaptopModelId,
      })
      .from(cartItems)
      .where(eq(cartItems.guestCartId, guestCartId));
    if (lines.length > 0)
      await tx
        .insert(cartItems)
        .values(lines.map((line) => ({ ...line, userId })))
        .onConflictDoNothing();
    const [code] = await tx
      .select({ id: cartDiscounts.discountCodeId })
      .from(cartDiscounts)
      .where(eq(cartDiscounts.guestCartId, guestCartId));
    if (code)
      await tx.insert(cartDiscounts).values({ userId, discountCodeId: code.id }).onConflictDoNothing();
    await tx.delete(guestCarts).where(eq(guestCarts.id, guestCartId));
  });
}

/**
 * Drops visitor carts older than their cookie (GUEST_CART_DAYS: no browser can name them any more),
 * lines and code with them. Safe on any number of instances at once. Returns how many went.
 */
export async function dropExpiredGuestCarts(db: Db): Promise<number> {
  const dropped = await db
    .delete(guestCarts)
    .where(lt(guestCarts.createdAt, sql`now() - make_interval(days => ${GUEST_CART_DAYS})`))
    .returning({ id: guestCarts.id });
  return dropped.length;
}

/** Runs the clean-up at start and then every hour, until stopped. */
export function scheduleGuestCartCleanup(db: Db, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = running
      .then(() => dropExpiredGuestCarts(db))
      .catch((error: unknown) =>
        log.warn({ err: error }, 'visitor cart clean-up failed; retrying in an hour'),
      );
  };
  sweep();
  const timer = setInterval(sweep, CLEANUP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
