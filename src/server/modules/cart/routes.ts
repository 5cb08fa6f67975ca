import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CartQuery,
  cartItemInputSchema,
  cartQuerySchema,
  cartSchema,
  discountCodeInputSchema,
} from '../../../shared/contracts/cart';
import type { SessionUser } from '../../../shared/contracts/session';
import { requireCustomer, requireUser, sessionUser } from '../../auth/guards';
import { priceCart } from './cart-price';
import { toCart } from './cart-shape';
import { applyDiscountCode, readCart, removeCartItem, removeDiscountCode, setCartItem } from './service';

/** The signed-in customer's cart, kept on the server; every answer is the whole cart as it is now. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  // Reading the cart is harmless (an admin's is empty); filling it is buying.
  const customer = requireCustomer(app);
  const cartOf = async (user: SessionUser, where: CartQuery = {}) => {
    const lines = await readCart(app.db, user.id);
    return toCart(lines, await priceCart(app.db, user, lines, where, app.config.PRICES_INCLUDE_TAX));
  };
  const partParams = z.object({ partId: z.string().max(100) });

  app.get(
    '/cart',
    { schema: { querystring: cartQuerySchema, response: { 200: cartSchema } }, onRequest: signedIn },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return cartOf(sessionUser(request), request.query);
    },
  );

  app.put(
    '/cart/items/:partId',
    {
      schema: { params: partParams, body: cartItemInputSchema, response: { 200: cartSchema } },
      onRequest: customer,
    },
    async (request) => {
      const user = sessionUser(request);
      await setCartItem(app.db, user.id, request.params.partId, request.body.quantity, request.body.laptop);
      return cartOf(user);
    },
  );

  app.delete(
    '/cart/items/:partId',
    { schema: { params: partParams, response: { 200: cartSchema } }, onRequest: signedIn },
    async (request) => {
      const user = sessionUser(request);
      await removeCartItem(app.db, user.id, request.params.partId);
      return cartOf(user);
    },
  );

  /** One code per cart: a new one replaces the old; 400 (409 used up) saying why one cannot be used. */
  app.put(
    '/cart/discount',
    { schema: { body: discountCodeInputSchema, response: { 200: cartSchema } }, onRequest: customer },
    async (request) => {
      const user = sessionUser(request);
      await applyDiscountCode(app.db, user, request.body.code);
      return cartOf(user);
    },
  );

  app.delete(
    '/cart/discount',
    { schema: { response: { 200: cartSchema } }, onRequest: signedIn },
    async (request) => {
      const user = sessionUser(request);
      await removeDiscountCode(app.db, user.id);
      return cartOf(user);
    },
  );
};
