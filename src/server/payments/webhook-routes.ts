import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { orders, paymentEvents } from '../db/schema';
import { AppError } from '../http/errors';
import { isUuid } from '../lib/uuid';
import { applySucceededPayment } from './settle';

const TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook, the source of truth for payments: the signature is checked on the raw body (5-minute
 * tolerance), each event is handled once, and events arriving twice or out of order change nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const secret = app.config.STRIPE_WEBHOOK_SECRET!;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/api/webhooks/stripe', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
        throw new Error('missing signature');
      event = Stripe.webhooks.constructEvent(request.body, signature, secret, TOLERANCE_SECONDS);
    } catch {
      throw new AppError(400, 'invalid_signature', 'The webhook signature is missing, invalid or too old.');
    }

    if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
      const claimed = await app.db
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (claimed.length === 0) return reply.send({ received: true, duplicate: true });

      const intent = event.data.object as Stripe.PaymentIntent;
      const orderId = intent.metadata?.orderId;
      if (event.type === 'payment_intent.succeeded' && orderId && isUuid(orderId)) {
        const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
        if (order) {
          // Ask Stripe rather than trust the event's copy: the intent's state now is what counts.
          const current = await app.payments.retrieveIntent(intent.id);
          await applySucceededPayment(app.db, order, current).catch((error: unknown) => {
            request.log.error(
              { err: error, orderId, paymentIntent: intent.id },
              'succeeded payment not applied: check for a refund',
            );
          });
        }
      } else if (event.type === 'payment_intent.payment_failed') {
        request.log.info({ orderId, paymentIntent: intent.id }, 'payment failed; the order stays unpaid');
      }
    }
    return reply.send({ received: true });
  });
};
