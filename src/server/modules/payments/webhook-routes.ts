import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { Invalid } from '#server/lib/domain-errors.ts';
import { isUuid } from '#server/lib/uuid.ts';
import { applyPaymentEvent, refundLatePayment } from './service';

const TOLERANCE_SECONDS = 300;

/**
 * Stripe's webhook, the source of truth for payments: the signature is checked on the raw body (5-minute
 * tolerance), each event is handled once, and events arriving twice or out of order change nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (app) => {
  const secret = app.config.STRIPE_WEBHOOK_SECRET!;
  // The signature covers the exact bytes, so this route takes the body unparsed.
  app.removeContentTypeParser('application/json');
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
      throw new Invalid('invalid_signature', 'The webhook signature is missing, invalid or too old.');
    }

    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed')
      return reply.send({ received: true });
    const intent = event.data.object as Stripe.PaymentIntent;
    const orderId = intent.metadata?.orderId;
    // Ask Stripe rather than trust the event's copy: the intent's state now is what counts. Asked before
    // the transaction, so no lock is held across a network call.
    const current =
      event.type === 'payment_intent.succeeded' && orderId && isUuid(orderId)
        ? await app.payments.retrieveIntent(intent.id)
        : null;

    const outcome = await applyPaymentEvent(app.db, {
      eventId: event.id,
      eventType: event.type,
      paymentIntentId: intent.id,
      orderId,
      intent: current,
      log: request.log,
    });
    // Paid for an order that was removed or expired first: the money goes back.
    if ('late' in outcome && outcome.late) await refundLatePayment(app, outcome.order, current!);
    return reply.send(outcome.duplicate ? { received: true, duplicate: true } : { received: true });
  });
};
