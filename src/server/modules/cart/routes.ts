import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readVisitor, refuseAdmins } from '#server/auth/guards.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import {
  type CartQuery,
  cartItemInputSchema,
  cartQuerySchema,
  cartSchema,
  discountCodeInputSchema,
} from '#shared/contracts/cart.ts';
import { priceCart } from './cart-price';
import { toCart } from './cart-shape';
import { findGuestCart, mergeGuestCart, startGuestCart } from './guest-cart';
import type { CartOwner } from './owner';
import { applyDiscountCode, readCart, removeCartItem, removeDiscountCode, setCartItem } from './service';

/**
 * The cart, kept on the server; every answer is the whole cart as it is now. A customer's follows their
 * account; a visitor's is named by a cookie, started when they first put a part in it, and joins the
 * account's cart when they sign in. Admins do not buy (403 on every change).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.publicUrl.startsWith('https://');
  const partParams = z.object({ partId: z.string().max(100) });
  const newCarts = {
    name: 'guest-cart',
    limit: app.config.GUEST_CARTS_PER_CLIENT_PER_HOUR,
    windowMs: 3_600_000,
  };

  /** A visitor's first part starts their cart: so many per client address an hour, then 429. */
  async function startCart(request: FastifyRequest, reply: FastifyReply) {
    await enforceRateLimit(app.db, newCarts, clientKey(request));
    return startGuestCart(app.db, reply, secure);
  }

  // Every cart route reads the session first; changes refuse admins (403) before the body is read.
  const visitor = readVisitor(app);
  const buyer = refuseAdmins(app);

  /** Whose cart the request reads; `start`: a visitor without a cart gets one (a part is put in it). */
  async function cartOf(request: FastifyRequest, reply: FastifyReply, { start = false } = {}) {
    const { user } = request;
    if (user) {
      // A visitor's cart joins a customer's account; admins have no cart to join.
      if (user.role === 'customer') await mergeGuestCart(app.db, request, reply, user.id, secure);
      return { owner: { userId: user.id } as CartOwner, email: user.email };
    }
    const guestCartId =
      (await findGuestCart(app.db, request)) ?? (start ? await startCart(request, reply) : null);
    return { owner: guestCartId ? ({ guestCartId } as CartOwner) : null, email: null };
  }

  const answer = async (
    { owner, email }: { owner: CartOwner | null; email: string | null },
    where: CartQuery = {},
  ) => {
    const lines = owner ? await readCart(app.db, owner) : [];
    const money = await priceCart(app.db, owner, email, lines, where, app.config.PRICES_INCLUDE_TAX);
    return toCart(lines, money);
  };

  app.get(
    '/cart',
    { schema: { querystring: cartQuerySchema, response: { 200: cartSchema } }, onRequest: visitor },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await cartOf(request, reply), request.query);
    },
  );

  app.put(
    '/cart/items/:partId',
    {
      schema: { params: partParams, body: cartItemInputSchema, response: { 200: cartSchema } },
      onRequest: buyer,
    },
    async (request, reply) => {
      const cart = await cartOf(request, reply, { start: true });
      const { quantity, laptop } = request.body;
      await setCartItem(app.db, cart.owner!, request.params.partId, quantity, laptop);
      return answer(cart);
    },
  );

  app.delete(
    '/cart/items/:partId',
    { schema: { params: partParams, response: { 200: cartSchema } }, onRequest: visitor },
    async (request, reply) => {
      const cart = await cartOf(request, reply);
      if (cart.owner) await removeCartItem(app.db, cart.owner, request.params.partId);
      return answer(cart);
    },
  );

  /** One code per cart: a new one replaces the old; 400 (409 used up) saying why one cannot be used. */
  app.put(
    '/cart/discount',
    { schema: { body: discountCodeInputSchema, response: { 200: cartSchema } }, onRequest: buyer },
    async (request, reply) => {
      const cart = await cartOf(request, reply);
      await applyDiscountCode(app.db, cart.owner, cart.email, request.body.code);
      return answer(cart);
    },
  );

  app.delete(
    '/cart/discount',
    { schema: { response: { 200: cartSchema } }, onRequest: visitor },
    async (request, reply) => {
      const cart = await cartOf(request, reply);
      if (cart.owner) await removeDiscountCode(app.db, cart.owner);
      return answer(cart);
    },
  );
};
