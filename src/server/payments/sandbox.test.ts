import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../test/support/auth';
import { addPart, stockOf } from '../../../test/support/catalog';
import { ADDRESS } from '../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

describe('paying an order with the sandbox provider', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { ADMIN_EMAILS: 'admin@example.com', CARD_ATTEMPTS_PER_USER: '1000' },
    });
    alice = await signUp(t);
    bob = await signUp(t);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  const patch = (cookie: string, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/purchase/${id}`, payload, headers: { cookie } });

  async function order(cookie = alice.cookie, quantity = 2, priceCents = 4999) {
    const part = await addPart(t, { priceCents, available: 20 });
    const response = await post(cookie, '/api/purchase', {
      purchaseId: part.id,
      quantity,
      shippingAddress: ADDRESS,
    });
    return { ...response.json().order, part };
  }

  async function intentFor(cookie: string, orderId: string, extra: object = {}) {
    const response = await post(cookie, '/api/create-payment-intent', { purchaseId: orderId, ...extra });
    expect(response.statusCode).toBe(200);
    return response.json() as { clientSecret: string; provider: string; amountCents: number };
  }

  it('gives the same open intent again when the payment page is opened again, and records it on the order', async () => {
    const placed = await order();
    const first = await intentFor(alice.cookie, placed._id);
    const again = await intentFor(alice.cookie, placed._id);
    expect(again.clientSecret).toBe(first.clientSecret);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(first.clientSecret.startsWith(`${row!.paymentIntentId}_secret_`)).toBe(true);
    // Another order's intent is its own.
    const other = await intentFor(alice.cookie, (await order())._id);
    expect(other.clientSecret).not.toBe(first.clientSecret);
  });

  it('takes the amount from the order, never from the body, and pays with 4242…', async () => {
    const placed = await order();
    const intent = await intentFor(alice.cookie, placed._id, { price: 1, amount: 1 });
    expect(intent).toMatchObject({ provider: 'sandbox', amountCents: 9998, publishableKey: null });
    expect(intent.clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);

    const confirm = await post(alice.cookie, '/api/sandbox/confirm-payment', {
      clientSecret: intent.clientSecret,
      ...GOOD_CARD,
    });
    expect(confirm.statusCode).toBe(200);
    const { paymentIntentId } = confirm.json();
    expect(paymentIntentId).toMatch(/^pi_/);

    const paid = await patch(alice.cookie, placed._id, {
      transactionId: paymentIntentId,
      paid: true,
      status: 'paid',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, status: 'paid', transactionId: paymentIntentId });
    // Repeating the same confirmation is harmless.
    expect((await patch(alice.cookie, placed._id, { transactionId: paymentIntentId })).statusCode).toBe(200);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])('declines %s like Stripe and leaves the order unpaid', async (cardNumber, code, message) => {
    const placed = await order();
    const intent = await intentFor(alice.cookie, placed._id);
    const confirm = await post(alice.cookie, '/api/sandbox/confirm-payment', {
      ...GOOD_CARD,
      cardNumber,
      clientSecret: intent.clientSecret,
    });
    expect(confirm.statusCode).toBe(402);
    expect(confirm.json().error).toEqual({ code, message });
    const paymentIntentId = intent.clientSecret.split('_secret_')[0]!;
    const forced = await patch(alice.cookie, placed._id, { transactionId: paymentIntentId });
    expect(forced.statusCode).toBe(402);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/purchase/${placed._id}`,
          headers: { cookie: alice.cookie },
        })
      ).json(),
    ).toMatchObject({
      paid: false,
      status: 'unpaid',
    });
  });

  it.each([
    [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
    [{ cardNumber: '4242' }, 'cardNumber', 'Your card number is incomplete.'],
    [{ expiry: '01/20' }, 'expiry', "Your card's expiration date is in the past."],
    [{ expiry: '13/40' }, 'expiry', 'Enter the expiry as MM/YY'],
    [{ cvc: '12' }, 'cvc', "Your card's security code is incomplete."],
  ])('validates the card form (%j)', async (change, field, message) => {
    const placed = await order();
    const intent = await intentFor(alice.cookie, placed._id);
    const confirm = await post(alice.cookie, '/api/sandbox/confirm-payment', {
      ...GOOD_CARD,
      ...change,
      clientSecret: intent.clientSecret,
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().error.fields[field]).toBe(message);
  });

  it('refuses to mark paid without a succeeded payment for this order and amount', async () => {
    const placed = await order();
    const other = await order();
    const otherIntent = await intentFor(alice.cookie, other._id);
    const otherPayment = (
      await post(alice.cookie, '/api/sandbox/confirm-payment', {
        ...GOOD_CARD,
        clientSecret: otherIntent.clientSecret,
      })
    ).json().paymentIntentId;
    await patch(alice.cookie, other._id, { transactionId: otherPayment });
    const unconfirmed = (await intentFor(alice.cookie, placed._id)).clientSecret.split('_secret_')[0]!;

    for (const transactionId of ['pi_madeup123', otherPayment, unconfirmed]) {
      const response = await patch(alice.cookie, placed._id, { transactionId });
      expect(response.statusCode, transactionId).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await patch(alice.cookie, placed._id, {})).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed._id));
    expect(row).toMatchObject({ status: 'unpaid', transactionId: null });
  });

  it('keeps payment to the buyer: another customer or an admin cannot create intents or pay for it', async () => {
    const placed = await order();
    for (const who of [bob, admin]) {
      expect(
        (await post(who.cookie, '/api/create-payment-intent', { purchaseId: placed._id })).statusCode,
      ).toBe(404);
    }
    const intent = await intentFor(alice.cookie, placed._id);
    const stolen = await post(bob.cookie, '/api/sandbox/confirm-payment', {
      ...GOOD_CARD,
      clientSecret: intent.clientSecret,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await patch(bob.cookie, placed._id, { transactionId: 'pi_x' })).statusCode).toBe(404);
  });

  it('answers 409 for intents on paid or removed orders; a paid order never goes back', async () => {
    const paidOrder = await order();
    const intent = await intentFor(alice.cookie, paidOrder._id);
    const payment = (
      await post(alice.cookie, '/api/sandbox/confirm-payment', {
        ...GOOD_CARD,
        clientSecret: intent.clientSecret,
      })
    ).json();
    await patch(alice.cookie, paidOrder._id, { transactionId: payment.paymentIntentId });
    expect(
      (await post(alice.cookie, '/api/create-payment-intent', { purchaseId: paidOrder._id })).statusCode,
    ).toBe(409);
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${paidOrder._id}`,
      headers: { cookie: alice.cookie },
    });
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toBe('A paid order cannot be removed.');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/purchase/${paidOrder._id}`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(409);
    expect(await stockOf(t, paidOrder.part.id)).toBe(18);

    const removed = await order();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${removed._id}`,
      headers: { cookie: alice.cookie },
    });
    expect(
      (await post(alice.cookie, '/api/create-payment-intent', { purchaseId: removed._id })).statusCode,
    ).toBe(409);
  });

  it('limits card attempts per customer', async () => {
    const limited = await createTestApp({ seed: false, env: { CARD_ATTEMPTS_PER_USER: '2' } });
    const buyer = await signUp(limited);
    const part = await addPart(limited);
    const placed = (
      await limited.app.inject({
        method: 'POST',
        url: '/api/purchase',
        payload: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
        headers: { cookie: buyer.cookie },
      })
    ).json().order;
    const { clientSecret } = (
      await limited.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: { purchaseId: placed._id },
        headers: { cookie: buyer.cookie },
      })
    ).json();
    const attempt = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/sandbox/confirm-payment',
        payload: { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002', clientSecret },
        headers: { cookie: buyer.cookie },
      });
    expect((await attempt()).statusCode).toBe(402);
    expect((await attempt()).statusCode).toBe(402);
    expect((await attempt()).statusCode).toBe(429);
    await limited.close();
  });
});
