import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#server/http/record-id.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import { holderOf, requireAccountOrLink, tokenQuery, viewerOf } from '#server/modules/orders/order-access.ts';
import { toOrderReadShape } from '#server/modules/orders/order-shape.ts';
import type { OrderRow } from '#server/modules/orders/state-machine.ts';
import { sandboxConfirmInputSchema } from '#shared/contracts/card.ts';
import {
  markPaidInputSchema,
  orderSchema,
  paymentIntentInputSchema,
  paymentIntentSchema,
} from '#shared/contracts/order.ts';
import {
  confirmPaidOrder,
  ownUnpaidOrder,
  payableOrder,
  preparePayment,
  settleInTransaction,
} from './service';

/**
 * Paying an order: the payment intent (amount from the order), the sandbox's card form, confirmation.
 * Its buyer pays: signed in, or a visitor holding the order's private link (`token`).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const accountOrLink = requireAccountOrLink(app);
  const holder = (request: FastifyRequest & { query: { token?: string } }) =>
    holderOf(request, app.orderLinks, request.query.token);

  app.post(
    '/create-payment-intent',
    {
      schema: {
        querystring: tokenQuery,
        body: paymentIntentInputSchema,
        response: { 200: paymentIntentSchema },
      },
      onRequest: accountOrLink,
    },
    async (request) => {
      const buyer = holder(request);
      const order = await payableOrder(app.db, app.payments, buyer, request.body.purchaseId);
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
      schema: {
        params: idParams,
        querystring: tokenQuery,
        body: markPaidInputSchema,
        response: { 200: orderSchema },
      },
      onRequest: accountOrLink,
    },
    async (request) => {
      const buyer = holder(request);
      const paid = await confirmPaidOrder(app, buyer, request.params.id, request.body.transactionId);
      return toOrderReadShape(paid, viewerOf(buyer));
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
        querystring: tokenQuery,
        body: sandboxConfirmInputSchema,
        response: { 200: z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() }) },
      },
      onRequest: accountOrLink,
    },
    async (request) => {
      const buyer = holder(request);
      // A visitor's attempts count against their client address.
      await enforceRateLimit(app.db, cardAttempts, buyer.user?.id ?? `visitor:${clientKey(request)}`);
      // The order's row is locked by the check and handed to the settlement in the same transaction.
      let order: OrderRow | undefined;
      const paymentIntentId = await sandbox.confirm(request.body.clientSecret, request.body.cardNumber, {
        check: async (tx, intent) => {
          order = await ownUnpaidOrder(tx, buyer, intent);
        },
        settle: (tx, intent) => settleInTransaction(tx, intent, order),
      });
      return { status: 'succeeded' as const, paymentIntentId };
    },
  );
};
