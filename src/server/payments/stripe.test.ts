import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/support/auth';
import { addPart } from '../../../test/support/catalog';
import { startFakeStripe } from '../../../test/support/fake-stripe';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const SECRET_KEY = 'sk_test_shop123';
const WEBHOOK_SECRET = 'whsec_test_secret';

describe('Stripe provider (against a local fake of Stripe’s API)', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY);
    t = await createTestApp({
      seed: false,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_shop123',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_URL: stripe.url,
      },
    });
    buyer = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  async function unpaidOrder(quantity = 3, priceCents = 1250) {
    const part = await addPart(t, { priceCents, available: 50 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: { purchaseId: part.id, quantity },
      headers: { cookie: buyer.cookie },
    });
    return response.json().order as { _id: string; totalCents: number };
  }
  const createIntent = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { purchaseId: orderId },
      headers: { cookie: buyer.cookie },
    });
  const getOrder = async (id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/purchase/${id}`, headers: { cookie: buyer.cookie } })
    ).json();

  function webhook(
    event: object,
    { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
  ) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }
  const eventFor = (
    type: string,
    intentId: string,
    orderId: string,
    id = `evt_${Math.random().toString(36).slice(2)}`,
  ) => ({
    id,
    object: 'event',
    type,
    data: { object: { id: intentId, object: 'payment_intent', metadata: { orderId } } },
  });

  it('creates a PaymentIntent for the order’s amount with an idempotency key, once per order', async () => {
    const order = await unpaidOrder();
    const first = await createIntent(order._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_shop123',
      amountCents: 3750,
    });
    const call = stripe.requests.find(
      (request) =>
        request.path === '/v1/payment_intents' && request.form.get('metadata[orderId]') === order._id,
    )!;
    expect(call.form.get('amount')).toBe('3750');
    expect(call.form.get('currency')).toBe('usd');
    expect(call.idempotencyKey).toBe(`order-${order._id}-3750`);
    const second = await createIntent(order._id);
    expect(second.json().clientSecret).toBe(first.json().clientSecret);
  });

  it('marks paid only once Stripe reports the payment succeeded', async () => {
    const order = await unpaidOrder();
    const intentId = (await createIntent(order._id)).json().clientSecret.split('_secret_')[0];
    const early = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      payload: { transactionId: intentId },
      headers: { cookie: buyer.cookie },
    });
    expect(early.statusCode).toBe(402);
    stripe.setStatus(intentId, 'succeeded');
    const paid = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      payload: { transactionId: intentId },
      headers: { cookie: buyer.cookie },
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('pays through the signed webhook; duplicates, replays and late failures change nothing', async () => {
    const order = await unpaidOrder();
    const intentId = (await createIntent(order._id)).json().clientSecret.split('_secret_')[0];
    stripe.setStatus(intentId, 'succeeded');
    const event = eventFor('payment_intent.succeeded', intentId, order._id);
    const delivered = await webhook(event);
    expect(delivered.statusCode).toBe(200);
    expect(await getOrder(order._id)).toMatchObject({ paid: true, status: 'paid', transactionId: intentId });

    const again = await webhook(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });

    const lateFailure = await webhook(eventFor('payment_intent.payment_failed', intentId, order._id));
    expect(lateFailure.statusCode).toBe(200);
    expect(await getOrder(order._id)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('does not trust the event’s copy: a signed event for an intent Stripe has not charged pays nothing', async () => {
    const order = await unpaidOrder();
    const intentId = (await createIntent(order._id)).json().clientSecret.split('_secret_')[0];
    const response = await webhook(eventFor('payment_intent.succeeded', intentId, order._id));
    expect(response.statusCode).toBe(200);
    expect(await getOrder(order._id)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('refuses unsigned, badly signed and stale webhooks', async () => {
    const order = await unpaidOrder();
    const intentId = (await createIntent(order._id)).json().clientSecret.split('_secret_')[0];
    stripe.setStatus(intentId, 'succeeded');
    const event = eventFor('payment_intent.succeeded', intentId, order._id);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    const stale = await webhook(event, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid_signature');

    // A signature over other bytes: the body was changed after signing.
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: payload.replace(order._id, '00000000-0000-4000-8000-000000000000'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);
    expect(await getOrder(order._id)).toMatchObject({ paid: false });
  });

  it('does not pay an order when Stripe’s amount differs from the order’s total', async () => {
    const order = await unpaidOrder();
    const intentId = (await createIntent(order._id)).json().clientSecret.split('_secret_')[0];
    stripe.intents.get(intentId)!.amount = 1;
    stripe.setStatus(intentId, 'succeeded');
    await webhook(eventFor('payment_intent.succeeded', intentId, order._id));
    expect(await getOrder(order._id)).toMatchObject({ paid: false });
  });
});
