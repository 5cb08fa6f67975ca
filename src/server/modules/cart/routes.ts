import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cartItemInputSchema, cartSchema } from '../../../shared/contracts/cart';
import { requireUser, sessionUser } from '../../auth/guards';
import { toCart } from './cart-shape';
import { readCart, removeCartItem, setCartItem } from './service';

/** The signed-in customer's cart, kept on the server; every answer is the whole cart as it is now. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const cartOf = async (userId: string) => toCart(await readCart(app.db, userId));
  const partParams = z.object({ partId: z.string().max(100) });

  app.get(
    '/cart',
    { schema: { response: { 200: cartSchema } }, onRequest: signedIn },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return cartOf(sessionUser(request).id);
    },
  );

  app.put(
    '/cart/items/:partId',
    {
      schema: { params: partParams, body: cartItemInputSchema, response: { 200: cartSchema } },
      onRequest: signedIn,
    },
    async (request) => {
      const { id } = sessionUser(request);
      await setCartItem(app.db, id, request.params.partId, request.body.quantity, request.body.laptop);
      return cartOf(id);
    },
  );

  app.delete(
    '/cart/items/:partId',
    { schema: { params: partParams, response: { 200: cartSchema } }, onRequest: signedIn },
    async (request) => {
      const { id } = sessionUser(request);
      await removeCartItem(app.db, id, request.params.partId);
      return cartOf(id);
    },
  );
};
