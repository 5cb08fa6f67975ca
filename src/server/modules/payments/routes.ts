import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxConfirmInputSchema } from '../../../shared/contracts/card';
import {
  markPaidInputSchema,
  orderSchema,
  paymentIntentInputSchema,
  paymentIntentSchema,
} from '../../../shared/contracts/order';
import { requireUser, sessionUser } from '../../auth/guards';
import { idParams } from '../../http/record-id';
import { enforceRateLimit } from '../../lib/rate-limit';
import { toOrderReadShape } from '../orders/order-shape';
import { loadOrder } from '../orders/service';
import {
  confirmPaidOrder,
  ownUnpaidOrder,
  payableOrder,
  preparePayment,
  settleInTransaction,
} from './service';

/** Paying an order: the payment intent (amount from the order), the sandbox's card form, confirmation. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);

  app.post(
    '/create-payment-intent',
    {
      schema: { body: paymentIntentInputSchema, response: { 200: paymentIntentSchema } },
      onRequest: signedIn,
    },
    async (request) => {
      const order = await payableOrder(app.db, app.payments, sessionUser(request), request.body.purchaseId);
      const intent = await preparePayment(app.db, app.payments, order);
      return {
        clientSecret: intent.clientSecret,
        provider: app.payments.name,
        publishableKey: app.payments.publishableKey,
        amountCents: order.totalCents,
      };
    },
  );

  /** The browser's confirmation after a payment; the payment was settled by then (webhook or sandbox). */
  app.patch(
    '/purchase/:id',
    {
      schema: { params: idParams, body: markPaidInputSchema, response: { 200: orderSchema } },
      onRequest: signedIn,
    },
    async (request) => {
      const paid = await confirmPaidOrder(
        app,
        sessionUser(request),
        request.params.id,
        request.body.transactionId,
      );
      return toOrderReadShape((await loadOrder(app.db, paid.id))!);
    },
  );

  const sandbox = app.sandboxPayments;
  if (!sandbox) return;
  const cardAttempts = {
    name: 'card-attempts',
    limit: app.config.CARD_ATTEMPTS_PER_USER,
    windowMs: 3_600_000,
  };
  app.post(
    '/sandbox/confirm-payment',
    {
      schema: {
        body: sandboxConfirmInputSchema,
        response: { 200: z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() }) },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = sessionUser(request);
      await enforceRateLimit(app.db, cardAttempts, user.id);
      const paymentIntentId = await sandbox.confirm(request.body.clientSecret, request.body.cardNumber, {
        check: (tx, intent) => ownUnpaidOrder(tx, user, intent),
        settle: (tx, intent) => settleInTransaction(tx, intent),
      });
      return { status: 'succeeded' as const, paymentIntentId };
    },
  );
};
