import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readVisitor, unauthorized } from '#server/auth/guards.ts';
import type { Db } from '#server/db/database.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import { orderTokenSchema } from '#shared/contracts/order.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import type { OrderLinks } from './order-link';
import type { OrderWithLines } from './order-shape';
import { getVisibleOrder, loadOrder } from './service';
import type { OrderViewer } from './state-machine';

/**
 * Who asks about an order: a signed-in account, or whoever holds a visitor's order's private link (by
 * the hash of its token: nothing else about them is known).
 */
export type OrderHolder =
  | { user: SessionUser; tokenHash?: undefined }
  | { tokenHash: string; user?: undefined };

/** The query of every call a visitor's order answers: `?token=` of its private link. */
export const tokenQuery = z.object({ token: orderTokenSchema.optional() });

/**
 * The guard of those calls: a session, or a token in the address; else 401 before the body is read
 * (whether the token opens the order is known once the order is read: 404 if not).
 */
export function requireAccountOrLink(app: FastifyInstance) {
  const read = readVisitor(app);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await read(request, reply);
    const { token } = (request.query ?? {}) as { token?: unknown };
    if (!request.user && (typeof token !== 'string' || token === '')) throw unauthorized();
  };
}

/** The holder of a request: the link's token when one is sent, else the session's account (401 without). */
export function holderOf(request: FastifyRequest, links: OrderLinks, token: string | undefined): OrderHolder {
  if (token) return { tokenHash: links.hashOf(token) };
  if (request.user) return { user: request.user };
  throw unauthorized();
}

/** How an order is shown to whoever asks: with an admin's moves to admins, else with its buyer's. */
export const viewerOf = (who: { user?: SessionUser | null }): OrderViewer =>
  who.user?.role === 'admin' ? 'admin' : 'buyer';

/** Whether the holder is the order's buyer: the account that placed it, or the holder of its link. */
export const holdsAsBuyer = (
  holder: OrderHolder,
  order: { userId: string | null; accessTokenHash: string | null },
) => (holder.user ? order.userId === holder.user.id : order.accessTokenHash === holder.tokenHash);

/** An order its holder may see: its buyer's (by account or link) or, for an admin, any; else 404. */
export async function orderForHolder(db: Db, holder: OrderHolder, id: string): Promise<OrderWithLines> {
  if (holder.user) return getVisibleOrder(db, holder.user, id);
  const order = await loadOrder(db, id);
  if (!order || !holdsAsBuyer(holder, order)) throw notFound('Order');
  return order;
}
