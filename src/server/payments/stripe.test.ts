import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../test/support/auth';
import { addPart, stockOf } from '../../../test/support/catalog';
import { eventually } from '../../../test/support/eventually';
import { startFakeStripe } from '../../../test/support/fake-stripe';
import { ADDRESS } from '../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const SECRET_KEY = 'sk_test_shop123';
const WEBHOOK_SECRET = 'whsec_test_secret';

const stripeEnv = (apiUrl: string) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_shop123',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
});
/** The PaymentIntent's id is the part of its client secret before `_secret_`. */
const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

describe('Stripe provider (against a local fake of Stripe’s API)', () => {
  let t: TestApp;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let buyer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    stripe = await startFakeStripe(SECRET_KEY);
    t = await createTestApp({
      seed: false,
      env: { ...stripeEnv(stripe.url), ADMIN_EMAILS: 'stripe-admin@example.com' },
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
      payload: { purchaseId: part.id, quantity, shippingAddress: ADDRESS },
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
  async function orderWithIntent() {
    const order = await unpaidOrder();
    const intentId = intentIdOf((await createIntent(order._id)).json().clientSecret);
    return { order, intentId };
  }
  const confirmPayment = (orderId: string, transactionId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${orderId}`,
      payload: { transactionId },
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
    const { order, intentId } = await orderWithIntent();
    const early = await confirmPayment(order._id, intentId);
    expect(early.statusCode).toBe(402);
    stripe.setStatus(intentId, 'succeeded');
    const paid = await confirmPayment(order._id, intentId);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('pays through the signed webhook; duplicates, replays and late failures change nothing', async () => {
    const { order, intentId } = await orderWithIntent();
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

  it('keeps an event unhandled when settling it fails, so Stripe’s retry pays the order', async () => {
    const { order, intentId } = await orderWithIntent();
    stripe.setStatus(intentId, 'succeeded');
    // One transient failure while the order is being marked paid.
    await t.database.db.execute(sql.raw('create sequence settle_failures'));
    await t.database.db.execute(
      sql.raw(`create function fail_once() returns trigger language plpgsql as $$
        begin
          if nextval('settle_failures') = 1 then raise exception 'injected failure'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw('create trigger fail_once before update on orders for each row execute function fail_once()'),
    );
    try {
      const event = eventFor('payment_intent.succeeded', intentId, order._id);
      const first = await webhook(event);
      expect(first.statusCode).toBeGreaterThanOrEqual(500);
      expect(await getOrder(order._id)).toMatchObject({ paid: false, status: 'unpaid' });
      const retried = await webhook(event);
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toEqual({ received: true });
      expect(await getOrder(order._id)).toMatchObject({ paid: true, transactionId: intentId });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_once on orders'));
      await t.database.db.execute(sql.raw('drop function fail_once()'));
      await t.database.db.execute(sql.raw('drop sequence settle_failures'));
    }
  });

  const removeOrder = (id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/purchase/${id}`, headers: { cookie: buyer.cookie } });

  it('cancels the PaymentIntent at Stripe before removing an order, so it can never be charged', async () => {
    const { order, intentId } = await orderWithIntent();
    const removed = await removeOrder(order._id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().order.status).toBe('cancelled');
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    expect(stripe.requests.some((request) => request.path === `/v1/payment_intents/${intentId}/cancel`)).toBe(
      true,
    );
  });

  it('settles instead of removing when the payment got there first (409), and waits while it is processing', async () => {
    const { order, intentId } = await orderWithIntent();
    stripe.setStatus(intentId, 'processing');
    const processing = await removeOrder(order._id);
    expect(processing.statusCode).toBe(409);
    expect(processing.json().error.code).toBe('payment_in_progress');
    expect(await getOrder(order._id)).toMatchObject({ status: 'unpaid' });
    stripe.setStatus(intentId, 'succeeded');
    const tooLate = await removeOrder(order._id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe('A paid order cannot be removed.');
    expect(await getOrder(order._id)).toMatchObject({ status: 'paid', transactionId: intentId });
  });

  it('refunds, once, a payment that succeeds for an order that was removed first, and logs it', async () => {
    const { order, intentId } = await orderWithIntent();
    // The order lost track of its intent (as if removed before the intent was recorded).
    await t.database.db.update(orders).set({ paymentIntentId: null }).where(eq(orders.id, order._id));
    expect((await removeOrder(order._id)).statusCode).toBe(200);
    stripe.setStatus(intentId, 'succeeded');
    const delivered = await webhook(eventFor('payment_intent.succeeded', intentId, order._id));
    expect(delivered.statusCode).toBe(200);
    const confirm = await confirmPayment(order._id, intentId);
    expect(confirm.statusCode).toBe(409);
    expect(await getOrder(order._id)).toMatchObject({ status: 'cancelled', paid: false });
    const refunds = stripe.refunds.filter((refund) => refund.payment_intent === intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: order.totalCents, status: 'succeeded' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.auto-refund'));
    expect(entries).toEqual([
      expect.objectContaining({
        actorEmail: 'system',
        details: expect.objectContaining({ paymentIntent: intentId }),
      }),
    ]);
  });

  it('does not trust the event’s copy: a signed event for an intent Stripe has not charged pays nothing', async () => {
    const { order, intentId } = await orderWithIntent();
    const response = await webhook(eventFor('payment_intent.succeeded', intentId, order._id));
    expect(response.statusCode).toBe(200);
    expect(await getOrder(order._id)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('refuses unsigned, badly signed and stale webhooks', async () => {
    const { order, intentId } = await orderWithIntent();
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

  describe('when Stripe is down or refuses', () => {
    afterEach(() => stripe.recover());

    /** 503 with Retry-After: nothing was changed, try again later. */
    const expectUnavailable = (response: { statusCode: number; headers: object; json(): unknown }) => {
      expect(response.statusCode).toBe(503);
      expect(Number((response.headers as Record<string, string>)['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        error: {
          code: 'payment_provider_unavailable',
          message:
            'The payment provider is not answering right now, so nothing was changed. Please try again in a minute.',
        },
      });
    };

    it('answers 503 with Retry-After to paying and confirming while Stripe answers 5xx, and the order pays once it is back', async () => {
      const fresh = await unpaidOrder();
      const { order, intentId } = await orderWithIntent();
      stripe.setStatus(intentId, 'succeeded');
      stripe.fail(503);
      expectUnavailable(await createIntent(fresh._id));
      expectUnavailable(await confirmPayment(order._id, intentId));
      // Stripe's webhook is answered 503 too, so Stripe delivers it again later.
      const event = eventFor('payment_intent.succeeded', intentId, order._id);
      expect((await webhook(event)).statusCode).toBe(503);
      expect(await getOrder(order._id)).toMatchObject({ status: 'unpaid', paid: false });
      expect(await getOrder(fresh._id)).toMatchObject({ status: 'unpaid', paid: false });

      stripe.recover();
      expect((await createIntent(fresh._id)).statusCode).toBe(200);
      expect((await webhook(event)).json()).toEqual({ received: true });
      expect((await confirmPayment(order._id, intentId)).json()).toMatchObject({ paid: true });
    });

    it('keeps an order whose removal failed because Stripe is down as it was (unpaid, stock held), and removes it later', async () => {
      const part = await addPart(t, { available: 10 });
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        payload: { purchaseId: part.id, quantity: 4, shippingAddress: ADDRESS },
        headers: { cookie: buyer.cookie },
      });
      const order = placed.json().order as { _id: string };
      const intentId = intentIdOf((await createIntent(order._id)).json().clientSecret);
      stripe.fail(503);
      expectUnavailable(await removeOrder(order._id));
      expect(await getOrder(order._id)).toMatchObject({ status: 'unpaid', paid: false });
      expect(await stockOf(t, part.id)).toBe(6);
      expect(stripe.intents.get(intentId)!.status).toBe('requires_payment_method');

      stripe.recover();
      const removed = await removeOrder(order._id);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().order.status).toBe('cancelled');
      expect(stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await stockOf(t, part.id)).toBe(10);
    });

    it('answers 502 when Stripe refuses a request (a 4xx other than a card error), and 402 for a card error', async () => {
      const order = await unpaidOrder();
      stripe.fail(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' });
      const refused = await createIntent(order._id);
      expect(refused.statusCode).toBe(502);
      expect(refused.headers['retry-after']).toBeUndefined();
      expect(refused.json().error).toEqual({
        code: 'payment_provider_refused',
        message:
          'The payment provider refused the request (Invalid API Key provided: sk_test_****), so nothing was changed.',
      });
      stripe.fail(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      const declined = await createIntent(order._id);
      expect(declined.statusCode).toBe(402);
      expect(declined.json().error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
      expect(await getOrder(order._id)).toMatchObject({ status: 'unpaid' });
    });

    it('answers an admin’s refund 503 while Stripe is down and 502 when it refuses, the order unchanged', async () => {
      const admin = await signUpAdmin(t, { email: 'stripe-admin@example.com' });
      const { order, intentId } = await orderWithIntent();
      stripe.setStatus(intentId, 'succeeded');
      expect((await confirmPayment(order._id, intentId)).statusCode).toBe(200);
      const refund = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${order._id}/refund`,
          headers: { cookie: admin.cookie },
        });
      stripe.fail(503);
      expectUnavailable(await refund());
      stripe.fail(400, {
        type: 'invalid_request_error',
        code: 'charge_disputed',
        message: 'This charge is disputed.',
      });
      const refused = await refund();
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error.code).toBe('payment_provider_refused');
      expect(await getOrder(order._id)).toMatchObject({ status: 'paid' });
      expect(stripe.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
      stripe.recover();
      expect((await refund()).json()).toMatchObject({ status: 'refunded' });
    });

    it('asks Stripe again with the same key after it could not be reached, so a refund that went through is made once', async () => {
      const admin = await signUpAdmin(t, { email: 'stripe-admin@example.com' });
      const { order, intentId } = await orderWithIntent();
      stripe.setStatus(intentId, 'succeeded');
      expect((await confirmPayment(order._id, intentId)).statusCode).toBe(200);
      const [line] = (await getOrder(order._id)).lines;
      const oneUnit = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/orders/${order._id}/refund`,
          payload: { lines: [{ lineId: line.lineId, quantity: 1 }] },
          headers: { cookie: admin.cookie },
        });
      const refundKeys = () =>
        stripe.requests
          .filter((request) => request.path === '/v1/refunds')
          .map((request) => request.idempotencyKey);
      const before = refundKeys().length;
      stripe.fail(503);
      expectUnavailable(await oneUnit());
      expect(await getOrder(order._id)).toMatchObject({ status: 'paid', refundedCents: 0 });
      const [firstKey] = refundKeys().slice(before);
      expect(firstKey).toMatch(/^refund-[0-9a-f-]{36}$/);
      stripe.recover();
      expect((await oneUnit()).json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1250 });
      expect(refundKeys().at(-1)).toBe(firstKey);
      // The next unit is a refund of its own, with a key of its own.
      expect((await oneUnit()).json()).toMatchObject({ refundedCents: 2500 });
      expect(refundKeys().at(-1)).not.toBe(firstKey);
      expect(
        stripe.refunds.filter((refund) => refund.payment_intent === intentId).map((refund) => refund.amount),
      ).toEqual([1250, 1250]);
    });
  });

  it('does not pay an order when Stripe’s amount differs from the order’s total', async () => {
    const { order, intentId } = await orderWithIntent();
    stripe.intents.get(intentId)!.amount = 1;
    stripe.setStatus(intentId, 'succeeded');
    await webhook(eventFor('payment_intent.succeeded', intentId, order._id));
    expect(await getOrder(order._id)).toMatchObject({ paid: false });
  });
});

describe('an unpaid Stripe order that expires', () => {
  it('has its PaymentIntent cancelled at Stripe as it expires, and its parts back in stock', async () => {
    const stripe = await startFakeStripe(SECRET_KEY);
    const t = await createTestApp({
      seed: false,
      env: { ...stripeEnv(stripe.url), UNPAID_ORDER_HOLD_MINUTES: '0.02' },
    });
    try {
      const { cookie } = await signUp(t);
      const part = await addPart(t, { available: 5 });
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, payload, headers: { cookie } });
      const order = (
        await call('POST', '/api/purchase', { purchaseId: part.id, quantity: 5, shippingAddress: ADDRESS })
      ).json().order;
      const intentId = intentIdOf(
        (await call('POST', '/api/create-payment-intent', { purchaseId: order._id })).json().clientSecret,
      );
      await eventually(
        async () => expect((await call('GET', `/api/purchase/${order._id}`)).json().status).toBe('expired'),
        100,
        100,
      );
      expect(stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await stockOf(t, part.id)).toBe(5);
    } finally {
      await t.close();
      await stripe.close();
    }
  }, 30_000);
});

describe('Stripe out of reach', () => {
  it('answers 503 with Retry-After to paying and confirming when Stripe cannot be reached at all', async () => {
    // A port that was just free: nothing listens there, so every connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const t = await createTestApp({ seed: false, env: stripeEnv(`http://127.0.0.1:${port}`) });
    try {
      const { cookie } = await signUp(t);
      const part = await addPart(t, { available: 5 });
      const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
        t.app.inject({ method, url, payload, headers: { cookie } });
      const order = (
        await call('POST', '/api/purchase', { purchaseId: part.id, quantity: 2, shippingAddress: ADDRESS })
      ).json().order;
      for (const response of [
        await call('POST', '/api/create-payment-intent', { purchaseId: order._id }),
        await call('PATCH', `/api/purchase/${order._id}`, { transactionId: 'pi_unreachable123' }),
      ]) {
        expect(response.statusCode).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json().error.code).toBe('payment_provider_unavailable');
      }
      expect(await stockOf(t, part.id)).toBe(3);
    } finally {
      await t.close();
    }
  });
});
