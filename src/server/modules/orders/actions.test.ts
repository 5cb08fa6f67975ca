import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { customerCalls, visitorCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { expireDueOrders } from './expiry';

/**
 * An order's `actions`: the moves it allows now for whoever asks, read from the one transition table
 * (state-machine.ts). Buyers pay and remove unpaid orders; admins remove, ship, deliver and refund.
 */
describe('order actions, per status and per role', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'actions-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'actions-admin@example.com' });
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
  async function placed(quantity = 2) {
    const account = await signUp(t);
    const buyer = customerCalls(t, account.cookie);
    const part = await addPart(t, { available: 10 });
    const { order } = (await buyer.buy(part.id, quantity)).json();
    return { account, buyer, order };
  }
  /** The actions of one order as its buyer, the admins' list, the admins' view of it and the buyer's list see them. */
  async function seen(buyer: ReturnType<typeof customerCalls>, id: string, email: string) {
    const own = (await buyer.order(id)).json();
    const ownList = (await buyer.call('GET', '/api/purchase')).json();
    const adminList = (await asAdmin('GET', `/api/orders?q=${encodeURIComponent(email)}`)).json();
    const adminOne = (await asAdmin('GET', `/api/purchase/${id}`)).json();
    const adminOfUser = (await asAdmin('GET', `/api/purchase?user=${encodeURIComponent(email)}`)).json();
    return {
      status: own.status,
      buyer: own.actions,
      buyerList: ownList.find((order: { _id: string }) => order._id === id).actions,
      admin: adminList.find((order: { _id: string }) => order._id === id).actions,
      adminOne: adminOne.actions,
      adminOfUser: adminOfUser.find((order: { _id: string }) => order._id === id).actions,
    };
  }
  const expectActions = (
    view: Awaited<ReturnType<typeof seen>>,
    status: string,
    buyer: string[],
    admin: string[],
  ) =>
    expect(view).toEqual({
      status,
      buyer,
      buyerList: buyer,
      admin,
      adminOne: admin,
      adminOfUser: admin,
    });

  it('unpaid: the buyer pays or removes, an admin only removes; once removed, nobody can do anything', async () => {
    const { account, buyer, order } = await placed();
    expect(order.actions).toEqual(['pay', 'cancel']);
    expectActions(await seen(buyer, order._id, account.email), 'unpaid', ['pay', 'cancel'], ['cancel']);
    const removed = await buyer.remove(order._id);
    expect(removed.json().order.actions).toEqual([]);
    expectActions(await seen(buyer, order._id, account.email), 'cancelled', [], []);
  });

  it('paid → shipped → delivered → refunded: the buyer has nothing to do, an admin the next moves', async () => {
    const { account, buyer, order } = await placed();
    await buyer.pay(order._id);
    expectActions(await seen(buyer, order._id, account.email), 'paid', [], ['ship', 'refund']);
    const shipped = await asAdmin('POST', `/api/orders/${order._id}/ship`);
    expect(shipped.json().actions).toEqual(['deliver', 'refund']);
    expectActions(await seen(buyer, order._id, account.email), 'shipped', [], ['deliver', 'refund']);
    const delivered = await asAdmin('POST', `/api/orders/${order._id}/deliver`);
    expect(delivered.json().actions).toEqual(['refund']);
    expectActions(await seen(buyer, order._id, account.email), 'delivered', [], ['refund']);
    const refunded = await asAdmin('POST', `/api/orders/${order._id}/refund`);
    expect(refunded.json()).toMatchObject({ status: 'refunded', actions: [] });
    expectActions(await seen(buyer, order._id, account.email), 'refunded', [], []);
  });

  it('partly refunded: ships once, then is delivered once, and stays refundable', async () => {
    const { account, buyer, order } = await placed(3);
    await buyer.pay(order._id);
    const lineId = order.lines[0].lineId;
    const part = await asAdmin('POST', `/api/orders/${order._id}/refund`, {
      lines: [{ lineId, quantity: 1 }],
    });
    expect(part.json()).toMatchObject({ status: 'partially_refunded', actions: ['ship', 'refund'] });
    expectActions(await seen(buyer, order._id, account.email), 'partially_refunded', [], ['ship', 'refund']);
    expect((await asAdmin('POST', `/api/orders/${order._id}/ship`)).json()).toMatchObject({
      status: 'shipped',
      actions: ['deliver', 'refund'],
    });
    const again = await asAdmin('POST', `/api/orders/${order._id}/refund`, {
      lines: [{ lineId, quantity: 1 }],
    });
    // Shipped and partly refunded: the table's further condition offers delivery, not a second shipping.
    expect(again.json()).toMatchObject({ status: 'partially_refunded', actions: ['deliver', 'refund'] });
    const delivered = await asAdmin('POST', `/api/orders/${order._id}/deliver`);
    expect(delivered.json().actions).toEqual(['refund']);
  });

  it('expired: nothing is offered to anyone', async () => {
    const { account, buyer, order } = await placed();
    await t.app.db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, order._id));
    await expireDueOrders(t.app.db, t.app.payments, t.app.log);
    expectActions(await seen(buyer, order._id, account.email), 'expired', [], []);
  });

  it('a visitor holding the private link gets the buyer’s moves; another customer sees no order at all', async () => {
    const part = await addPart(t, { available: 10 });
    const visitor = visitorCalls(t, '10.1.2.3');
    await visitor.addToCart(part.id, 1);
    const placedByVisitor = (await visitor.checkout('actions-visitor@example.com')).json();
    expect(placedByVisitor.order.actions).toEqual(['pay', 'cancel']);
    const byLink = await visitor.call('GET', placedByVisitor.orderUrl.replace('/orders/', '/api/purchase/'));
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().actions).toEqual(['pay', 'cancel']);

    const { order } = await placed();
    const stranger = customerCalls(t, (await signUp(t)).cookie);
    const peek = await stranger.order(order._id);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).not.toHaveProperty('actions');
  });
});
