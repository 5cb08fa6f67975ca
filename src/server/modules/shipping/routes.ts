import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSessionUser, requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import { cartSubtotalForShipping } from '#server/modules/cart/cart-price.ts';
import { findGuestCart } from '#server/modules/cart/guest-cart.ts';
import {
  type ShippingMethod,
  shippingMethodInputSchema,
  shippingMethodListSchema,
  shippingMethodPatchSchema,
  shippingMethodQuerySchema,
  shippingMethodSchema,
} from '#shared/contracts/shipping-method.ts';
import { centsToDollars } from '#shared/money.ts';
import { shippingPriceCents } from '#shared/pricing.ts';
import {
  createShippingMethod,
  deleteShippingMethod,
  listShippingMethods,
  type ShippingMethodRow,
  updateShippingMethod,
} from './service';

/** A method as the API answers it: `price` in dollars beside `priceCents`, like a part's. */
const shippingMethodShape = (row: ShippingMethodRow): ShippingMethod => ({
  id: row.id,
  name: row.name,
  priceCents: row.priceCents,
  price: centsToDollars(row.priceCents),
  freeOverCents: row.freeOverCents,
  countries: row.countries,
  days: row.days,
});

/**
 * Shipping methods (`/api/shipping-methods`): anyone lists those serving a country (a shopper choosing
 * one at checkout, priced for their cart; all of them without a country, for the dashboard); admins add, change and remove
 * them (audited).
 */
export const shippingMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);

  app.get(
    '/shipping-methods',
    { schema: { querystring: shippingMethodQuerySchema, response: { 200: shippingMethodListSchema } } },
    async (request, reply) => {
      const rows = await listShippingMethods(app.db, { country: request.query.country });
      const user = await readSessionUser(app, request, reply);
      const guestCartId = user ? null : await findGuestCart(app.db, request);
      if (!user && !guestCartId) return rows.map(shippingMethodShape);
      // A customer or a visitor with a cart sees what each method costs for it (free once over its threshold).
      reply.header('cache-control', 'private, no-store');
      const subtotal = await cartSubtotalForShipping(
        app.db,
        user ? { userId: user.id } : { guestCartId: guestCartId! },
        user?.email ?? null,
        app.config.PRICES_INCLUDE_TAX,
      );
      return rows
        .map((row) => shippingMethodShape({ ...row, priceCents: shippingPriceCents(row, subtotal) }))
        .sort((a, b) => a.priceCents - b.priceCents);
    },
  );

  app.post(
    '/shipping-methods',
    {
      schema: { body: shippingMethodInputSchema, response: { 201: shippingMethodSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(shippingMethodShape(await createShippingMethod(app.db, sessionUser(request), request.body))),
  );

  app.patch(
    '/shipping-methods/:id',
    {
      schema: { params: idParams, body: shippingMethodPatchSchema, response: { 200: shippingMethodSchema } },
      onRequest: adminOnly,
    },
    async (request) =>
      shippingMethodShape(
        await updateShippingMethod(app.db, sessionUser(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/shipping-methods/:id',
    { schema: { params: idParams }, onRequest: adminOnly },
    async (request, reply) => {
      await deleteShippingMethod(app.db, sessionUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
