import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, sandboxPayments } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { TRANSITIONS } from './state-machine';

describe('an order’s life: every move in the table, every refusal outside it', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'orders-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'orders-admin@example.com' });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
  async function placed(quantity = 2) {
    const buyer = customerCalls(t, (await signUp(t)).cookie);
    const part = await addPart(t, { available: 10 });
    const { order } = (await buyer.buy(part.id, quantity)).json();
    return { buyer, part, order };
  }

  it('declares the moves the shop allows, and nothing leaves a final state', () => {
    // Read as the list of arrows in the order's life, so a move added to or dropped from the table shows here.
    const moves = Object.entries(TRANSITIONS).flatMap(([from, to]) => to.map((next) => `${from} → ${next}`));
    expect(moves.sort()).toEqual([
      'delivered → partially_refunded',
      'delivered → refunded',
      'paid → partially_refunded',
      'paid → refunded',
      'paid → shipped',
      // A partly refunded order ships once and is delivered once shipped (the state machine's further conditions).
      'partially_refunded → delivered',
      'partially_refunded → partially_refunded',
      'partially_refunded → refunded',
      'partially_refunded → shipped',
      'shipped → delivered',
      'shipped → partially_refunded',
      'shipped → refunded',
      'unpaid → cancelled',
      'unpaid → expired',
      'unpaid → paid',
    ]);
    const final = Object.keys(TRANSITIONS).filter(
      (status) => !moves.some((move) => move.startsWith(`${status} →`)),
    );
    expect(final.sort()).toEqual(['cancelled', 'expired', 'refunded']);
  });

  it('unpaid → paid → shipped (with tracking) → delivered, each on the timeline and in the audit log', async () => {
    const { buyer, order } = await placed();
    const paid = await buyer.pay(order._id);
    expect(paid.statusCode).toBe(200);
    // The sandbox settled the order when the card was charged; the browser's confirmation changes nothing.
    expect((await buyer.order(order._id)).json()).toMatchObject({
      status: 'paid',
      paid: true,
      expiresAt: null,
    });
    const confirmed = await buyer.call('PATCH', `/api/purchase/${order._id}`, {
      transactionId: paid.json().paymentIntentId,
    });
    expect(confirmed.json()).toMatchObject({ status: 'paid', transactionId: paid.json().paymentIntentId });

    const shipped = await asAdmin('POST', `/api/orders/${order._id}/ship`, { trackingNumber: '1Z 999 AA1' });
    expect(shipped.json()).toMatchObject({ status: 'shipped', trackingNumber: '1Z 999 AA1' });
    const delivered = await asAdmin('POST', `/api/orders/${order._id}/deliver`);
    expect(delivered.json().status).toBe('delivered');
    const seen = (await buyer.order(order._id)).json();
    expect(seen.timeline.map((event: { status: string }) => event.status)).toEqual([
      'unpaid',
      'paid',
      'shipped',
      'delivered',
    ]);
    expect(seen.timeline[2].note).toBe('Tracking number 1Z 999 AA1');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({
      paidAt: expect.any(Date),
      shippedAt: expect.any(Date),
      deliveredAt: expect.any(Date),
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.target, seen.number));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['order.deliver', 'order.ship']);
  });

  it('refuses every move the table does not allow, with 409 and the order unchanged', async () => {
    const { buyer, order, part } = await placed();
    const ship = await asAdmin('POST', `/api/orders/${order._id}/ship`);
    expect(ship.statusCode).toBe(409);
    expect(ship.json().error.message).toBe('Only paid orders can be shipped; this one is unpaid.');
    expect((await asAdmin('POST', `/api/orders/${order._id}/deliver`)).json().error.message).toBe(
      'Only shipped orders can be delivered; this one is unpaid.',
    );
    await buyer.pay(order._id);
    const deliverPaid = await asAdmin('POST', `/api/orders/${order._id}/deliver`);
    expect(deliverPaid.statusCode).toBe(409);
    const removePaid = await buyer.remove(order._id);
    expect(removePaid.statusCode).toBe(409);
    expect(removePaid.json().error.message).toBe('A paid order cannot be removed.');
    expect((await buyer.intent(order._id)).json().error.message).toBe('This order is already paid.');
    expect(await stockOf(t, part.id)).toBe(8);

    const { buyer: other, order: removed } = await placed();
    expect((await other.remove(removed._id)).statusCode).toBe(200);
    expect((await other.remove(removed._id)).json().error.message).toBe('This order was already removed.');
    expect((await other.intent(removed._id)).json().error.message).toBe(
      'This order was removed and cannot be paid.',
    );
    expect((await asAdmin('POST', `/api/orders/${removed._id}/ship`)).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/orders/00000000-0000-4000-8000-000000000000/ship')).statusCode).toBe(
      404,
    );
    expect(
      (await asAdmin('POST', `/api/orders/${order._id}/ship`, { trackingNumber: '<script>' })).statusCode,
    ).toBe(400);
  });

  it('shows customers their shipped orders, and lets admins find orders by number or email and status', async () => {
    const { buyer, order } = await placed(1);
    await buyer.pay(order._id);
    await asAdmin('POST', `/api/orders/${order._id}/ship`);
    const mine = (await buyer.call('GET', '/api/purchase')).json();
    expect(mine.map((o: { _id: string; status: string }) => [o._id, o.status])).toEqual([
      [order._id, 'shipped'],
    ]);
    const byNumber = (await asAdmin('GET', `/api/orders?q=${order.number}`)).json();
    expect(byNumber.map((o: { _id: string }) => o._id)).toEqual([order._id]);
    const byEmail = await asAdmin('GET', `/api/orders?q=${encodeURIComponent(order.user.toUpperCase())}`);
    expect(byEmail.headers['x-total-count']).toBe('1');
    const total = async (url: string) => (await asAdmin('GET', url)).headers['x-total-count'];
    expect(await total(`/api/orders?q=${order.number}&status=paid`)).toBe('0');
    expect(await total('/api/orders?q=%25')).toBe('0');
    expect(
      (await asAdmin('GET', '/api/orders?status=shipped'))
        .json()
        .every((o: { status: string }) => o.status === 'shipped'),
    ).toBe(true);
    // Paged like every list: `limit`, and Link keeping the filter.
    await placed(1);
    await placed(1);
    const firstOfOne = await asAdmin('GET', '/api/orders?status=unpaid&limit=1');
    expect(firstOfOne.json()).toHaveLength(1);
    expect(Number(firstOfOne.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(firstOfOne.headers.link).toContain('</api/orders?status=unpaid&page=2&limit=1>; rel="next"');
  });

  it('never charges a removed order: paying and removing at once ends paid or removed, never both', async () => {
    for (let round = 0; round < 10; round++) {
      const { buyer, order, part } = await placed(3);
      const intent = (await buyer.intent(order._id)).json();
      const [pay, remove] = await Promise.all([
        buyer.call('POST', '/api/sandbox/confirm-payment', {
          cardNumber: '4242424242424242',
          expiry: '12/40',
          cvc: '123',
          clientSecret: intent.clientSecret,
        }),
        buyer.remove(order._id),
      ]);
      const [charge] = await t.database.db
        .select({ status: sandboxPayments.status })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.orderId, order._id));
      const status = (await buyer.order(order._id)).json().status;
      if (pay.statusCode === 200) {
        expect([remove.statusCode, status, charge!.status], `round ${round}`).toEqual([
          409,
          'paid',
          'succeeded',
        ]);
        expect(await stockOf(t, part.id)).toBe(7);
      } else {
        expect([pay.statusCode, remove.statusCode, status], `round ${round}`).toEqual([
          409,
          200,
          'cancelled',
        ]);
        expect(charge!.status).not.toBe('succeeded');
        expect(await stockOf(t, part.id)).toBe(10);
      }
    }
  });
});
