import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxConfirmInputSchema } from '../../../shared/contracts/card';
import {
  markPaidInputSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
  paymentIntentInputSchema,
  paymentIntentSchema,
  purchaseCreatedSchema,
  purchaseInputSchema,
} from '../../../shared/contracts/order';
import { forbidden, requireUser, sessionUser } from '../../auth/guards';
import { AppError, notFound } from '../../http/errors';
import { enforceRateLimit } from '../../lib/rate-limit';
import { applySucceededPayment } from '../../payments/settle';
import { toOrderReadShape } from './order-shape';
import { cancelOrder, getVisibleOrder, listOrdersOf, placeOrder } from './service';

const idParams = z.object({ id: z.string().max(100) });
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);

  app.post(
    '/purchase',
    {
      schema: {
        body: purchaseInputSchema,
        headers: idempotencyHeaders,
        response: { 200: purchaseCreatedSchema, 201: purchaseCreatedSchema },
      },
      preHandler: signedIn,
    },
    async (request, reply) => {
      const { order, created } = await placeOrder(app.db, sessionUser(request), {
        partId: request.body.purchaseId,
        quantity: request.body.quantity,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(created ? 201 : 200).send({ success: true as const, order: toOrderReadShape(order) });
    },
  );

  app.get(
    '/purchase',
    {
      schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      preHandler: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const asked = request.query.user?.toLowerCase();
      if (!asked || asked === user.email.toLowerCase())
        return listOrdersOf(app.db, { userId: user.id }, request.query.status);
      if (user.role !== 'admin') throw forbidden();
      return listOrdersOf(app.db, { email: asked }, request.query.status);
    },
  );

  app.get(
    '/purchase/:id',
    { schema: { params: idParams, response: { 200: orderSchema } }, preHandler: signedIn },
    async (request) =>
      toOrderReadShape(await getVisibleOrder(app.db, sessionUser(request), request.params.id)),
  );

  app.delete(
    '/purchase/:id',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ success: z.literal(true), order: orderSchema }) },
      },
      preHandler: signedIn,
    },
    async (request) => ({
      success: true as const,
      order: toOrderReadShape(await cancelOrder(app.db, sessionUser(request), request.params.id)),
    }),
  );

  app.post(
    '/create-payment-intent',
    {
      schema: { body: paymentIntentInputSchema, response: { 200: paymentIntentSchema } },
      preHandler: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const order = await getVisibleOrder(app.db, user, request.body.purchaseId);
      if (order.userId !== user.id) throw notFound('Order');
      if (order.status !== 'unpaid') {
        throw new AppError(
          409,
          'order_not_payable',
          order.status === 'cancelled' ? 'This order was removed.' : 'This order is already paid.',
        );
      }
      const intent = await app.payments.createIntent({ id: order.id, totalCents: order.totalCents });
      return {
        clientSecret: intent.clientSecret,
        provider: app.payments.name,
        publishableKey: app.payments.publishableKey,
        amountCents: order.totalCents,
      };
    },
  );

  app.patch(
    '/purchase/:id',
    {
      schema: { params: idParams, body: markPaidInputSchema, response: { 200: orderSchema } },
      preHandler: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      const order = await getVisibleOrder(app.db, user, request.params.id);
      if (order.userId !== user.id) throw notFound('Order');
      const intent = await app.payments.retrieveIntent(request.body.transactionId);
      return toOrderReadShape(await applySucceededPayment(app.db, order, intent));
    },
  );

  if (app.sandboxPayments) {
    const sandbox = app.sandboxPayments;
    const rule = { name: 'card-attempts', limit: app.config.CARD_ATTEMPTS_PER_USER, windowMs: 3_600_000 };
    app.post(
      '/sandbox/confirm-payment',
      {
        schema: {
          body: sandboxConfirmInputSchema,
          response: { 200: z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() }) },
        },
        preHandler: signedIn,
      },
      async (request) => {
        const user = sessionUser(request);
        await enforceRateLimit(app.db, rule, user.id);
        const paymentIntentId = await sandbox.confirm(
          request.body.clientSecret,
          request.body.cardNumber,
          async (orderId) => {
            const order = await getVisibleOrder(app.db, user, orderId).catch(() => null);
            return order?.userId === user.id;
          },
        );
        return { status: 'succeeded' as const, paymentIntentId };
      },
    );
  }
};
