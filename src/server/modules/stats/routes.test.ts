import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

const DAY_MS = 86_400_000;
const dayOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe('the owner’s overview (GET /api/stats)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'owner@example.com' } });
    admin = await signUpAdmin(t, { email: 'owner@example.com' });
    const buyer = customerCalls(t, (await signUp(t)).cookie);
    const ssd = await addPart(t, {
      name: 'SSD',
      priceCents: 10_000,
      available: 100,
      category: 'storage-memory',
    });
    const fan = await addPart(t, { name: 'Fan', priceCents: 1_000, available: 100, category: 'cooling' });
    await addPart(t, { name: 'Scarce hinge', available: 3, minimum: 2 });
    await addPart(t, { name: 'Sold-out screen', available: 0, minimum: 1, category: 'screens' });
    await addPart(t, { name: 'Plenty', available: 4, minimum: 2 });
    /** An order paid `daysAgo` days ago (its payment time moved back, as if placed then). */
    const paid = async (lines: [string, number][], daysAgo: number) => {
      for (const [partId, quantity] of lines) await buyer.addToCart(partId, quantity);
      const { order } = (await buyer.checkout()).json();
      await buyer.pay(order._id);
      await t.database.db
        .update(orders)
        .set({ paidAt: new Date(Date.now() - daysAgo * DAY_MS) })
        .where(eq(orders.id, order._id));
      return order._id as string;
    };
    ids.today = await paid(
      [
        [ssd.id, 1],
        [fan.id, 2],
      ],
      0,
    ); // $120
    ids.twoDaysAgo = await paid([[fan.id, 5]], 2); // $50
    ids.alsoTwoDaysAgo = await paid([[ssd.id, 2]], 2); // $200
    ids.longAgo = await paid([[fan.id, 50]], 45); // outside the 30 days
    ids.refunded = await paid([[ssd.id, 3]], 1);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${ids.refunded}/refund`,
      headers: { cookie: admin.cookie },
    });
    // Four fans, one of them refunded: $30 kept, 3 units sold.
    ids.partlyRefunded = await paid([[fan.id, 4]], 4);
    const [fanLine] = (await buyer.order(ids.partlyRefunded)).json().lines;
    const partly = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${ids.partlyRefunded}/refund`,
      payload: { lines: [{ lineId: fanLine.lineId, quantity: 1 }] },
      headers: { cookie: admin.cookie },
    });
    expect(partly.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 1_000 });
    ids.unpaid = (await buyer.buy(fan.id, 1)).json().order._id;
    ids.shipped = await paid([[fan.id, 1]], 3);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${ids.shipped}/ship`,
      headers: { cookie: admin.cookie },
    });
  });
  afterAll(() => t.close());

  const stats = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: admin.cookie } })).json();

  it('sums the revenue of each of the last 30 days, net of refunds (refunded orders gave theirs back)', async () => {
    const { revenue, currency } = await stats();
    expect(currency).toBe('usd');
    expect(revenue).toHaveLength(30);
    expect(revenue[0].day).toBe(dayOf(29));
    expect(revenue.at(-1).day).toBe(dayOf(0));
    const byDay = Object.fromEntries(revenue.map((entry: { day: string }) => [entry.day, entry]));
    expect(byDay[dayOf(0)]).toEqual({ day: dayOf(0), totalCents: 12_000, orders: 1 });
    expect(byDay[dayOf(1)]).toEqual({ day: dayOf(1), totalCents: 0, orders: 0 });
    expect(byDay[dayOf(2)]).toEqual({ day: dayOf(2), totalCents: 25_000, orders: 2 });
    expect(byDay[dayOf(3)]).toEqual({ day: dayOf(3), totalCents: 1_000, orders: 1 });
    expect(byDay[dayOf(4)]).toEqual({ day: dayOf(4), totalCents: 3_000, orders: 1 });
    expect(revenue.reduce((sum: number, entry: { totalCents: number }) => sum + entry.totalCents, 0)).toBe(
      41_000,
    );
  });

  it('counts orders by status', async () => {
    expect((await stats()).ordersByStatus).toEqual({
      unpaid: 1,
      paid: 4,
      shipped: 1,
      delivered: 0,
      cancelled: 0,
      expired: 0,
      partially_refunded: 1,
      refunded: 1,
    });
  });

  it('ranks the best sellers of the 30 days by units sold and kept', async () => {
    const { bestSellers } = await stats();
    expect(
      bestSellers.map((part: { name: string; units: number; revenueCents: number }) => [
        part.name,
        part.units,
        part.revenueCents,
      ]),
    ).toEqual([
      ['Fan', 11, 11_000],
      ['SSD', 3, 30_000],
    ]);
  });

  it('lists parts with less than twice their minimum in stock, the scarcest first', async () => {
    const { lowStock, lowStockTotal } = await stats();
    expect(lowStock).toEqual([
      { partId: expect.any(String), name: 'Sold-out screen', available: 0, minimum: 1, category: 'screens' },
      { partId: expect.any(String), name: 'Scarce hinge', available: 3, minimum: 2, category: 'other-parts' },
    ]);
    expect(lowStockTotal).toBe(2);
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/stats' })).statusCode).toBe(401);
    const customer = await signUp(t);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/stats', headers: { cookie: customer.cookie } }))
        .statusCode,
    ).toBe(403);
    expect(await t.database.db.$count(orders, sql`true`)).toBe(8);
  });
});
