import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutInputSchema,
  idempotencyKeySchema,
  orderCreatedSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  purchaseCreatedSchema,
  purchaseInputSchema,
} from '../../../shared/contracts/order';
import type { SessionUser } from '../../../shared/contracts/session';
import { forbidden, requireUser, sessionUser } from '../../auth/guards';
import type { ShippingAddress } from '../../db/schema';
import { idParams, recordId } from '../../http/record-id';
import { getProfile } from '../profiles/service';
import { toOrderReadShape } from './order-shape';
import { cartLines, placeOrder, singleLine } from './place-order';
import { releaseUnpaidOrder } from './release';
import { getVisibleOrder, listOrdersOf, loadOrder } from './service';

const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** The profile's address (or the account's name alone) for orders placed without one. */
async function profileAddress(app: FastifyInstance, user: SessionUser): Promise<ShippingAddress> {
  const { name, address, location, phone } = await getProfile(app.db, user);
  return { name, address, location, phone };
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);
  const rules = () => ({
    holdMinutes: app.config.UNPAID_ORDER_HOLD_MINUTES,
    maxUnpaidPerCustomer: app.config.MAX_UNPAID_ORDERS_PER_CUSTOMER,
  });
  const readBack = async (id: string) => toOrderReadShape((await loadOrder(app.db, id))!);

  /** The purchase page's BUY NOW: one part, as one line. */
  app.post(
    '/purchase',
    {
      config: { changesCatalogue: true },
      schema: {
        body: purchaseInputSchema,
        headers: idempotencyHeaders,
        response: { 200: purchaseCreatedSchema, 201: purchaseCreatedSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { purchaseId: partId, quantity, shippingAddress } = request.body;
      recordId(partId, 'Part');
      const { order, created } = await placeOrder(
        app.db,
        user,
        {
          lines: singleLine({ partId, quantity }),
          shippingAddress: shippingAddress ?? (await profileAddress(app, user)),
          idempotencyKey: request.headers['idempotency-key'],
          request: { partId, quantity, shippingAddress },
        },
        rules(),
      );
      return reply
        .code(created ? 201 : 200)
        .send({ success: true as const, order: await readBack(order.id) });
    },
  );

  /** The cart becomes one order: every line reserved, or none. */
  app.post(
    '/checkout',
    {
      config: { changesCatalogue: true },
      schema: {
        body: checkoutInputSchema,
        headers: idempotencyHeaders,
        response: { 200: orderCreatedSchema, 201: orderCreatedSchema },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { order, created } = await placeOrder(
        app.db,
        user,
        {
          lines: cartLines(user.id),
          shippingAddress: request.body.shippingAddress,
          idempotencyKey: request.headers['idempotency-key'],
          request: request.body,
          fromCart: true,
          nameParts: true,
        },
        rules(),
      );
      return reply.code(created ? 201 : 200).send({ order: await readBack(order.id) });
    },
  );

  app.get(
    '/purchase',
    {
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      onRequest: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const asked = request.query.user?.toLowerCase();
      const own = !asked || asked === user.email.toLowerCase();
      if (!own && user.role !== 'admin') throw forbidden();
      const found = await listOrdersOf(
        app.db,
        own ? { userId: user.id } : { email: asked },
        request.query.status,
      );
      return found.map(toOrderReadShape);
    },
  );

  app.get(
    '/purchase/:id',
    { schema: { params: idParams, response: { 200: orderSchema } }, onRequest: signedIn },
    async (request) =>
      toOrderReadShape(await getVisibleOrder(app.db, sessionUser(request), request.params.id)),
  );

  /** Remove: an unpaid order is cancelled and its parts go back to stock; a paid one stays (409). */
  app.delete(
    '/purchase/:id',
    {
      config: { changesCatalogue: true },
      schema: {
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), order: orderSchema }) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const order = await getVisibleOrder(app.db, user, request.params.id);
      await releaseUnpaidOrder(app.db, app.payments, order.id, 'cancelled', {
        actor: user.role === 'admin' && order.userId !== user.id ? 'admin' : 'customer',
        actorId: user.id,
      });
      return { success: true as const, order: await readBack(order.id) };
    },
  );
};
