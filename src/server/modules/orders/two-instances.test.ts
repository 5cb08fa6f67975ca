import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, users } from '#server/db/schema.ts';
import { cookiesOf, PASSWORD, signIn, signUp } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS } from '../../../../test/support/orders';
import { createSecondInstance, createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('two app instances on one database', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({
      seed: false,
      env: { SIGN_UPS_PER_CLIENT: '100', SIGN_IN_ATTEMPTS_PER_CLIENT: '100' },
    });
    second = await createSecondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('never oversell: 50 concurrent buyers across both instances get exactly 5 orders', async () => {
    const part = await addPart(first, { available: 5 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(first)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? first : second).app.inject({
          method: 'POST',
          url: '/api/purchase',
          payload: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
          headers: { cookie: buyers[i % buyers.length]!.cookie },
        }),
      ),
    );
    expect(results.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(results.filter((response) => response.statusCode === 409)).toHaveLength(45);
    expect(await stockOf(second, part.id)).toBe(0);
    expect(await first.database.db.$count(orderLines, eq(orderLines.partId, part.id))).toBe(5);
  });

  it('race checkouts for the last units: all lines or none, never oversold, on either instance', async () => {
    const scarce = await addPart(first, { available: 3 });
    const plenty = await addPart(first, { available: 100 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(first)));
    const instanceOf = (i: number) => (i % 2 === 0 ? first : second);
    await Promise.all(
      buyers.map(async (buyer, i) => {
        for (const [part, quantity] of [
          [plenty.id, 2],
          [scarce.id, 1],
        ] as const) {
          await instanceOf(i).app.inject({
            method: 'PUT',
            url: `/api/cart/items/${part}`,
            payload: { quantity },
            headers: { cookie: buyer.cookie },
          });
        }
      }),
    );
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        instanceOf(i).app.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: { shippingAddress: ADDRESS },
          headers: { cookie: buyer.cookie },
        }),
      ),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(await stockOf(second, scarce.id)).toBe(0);
    // Only the three orders took their two units of the plentiful part.
    expect(await stockOf(first, plenty.id)).toBe(94);
    expect(await first.database.db.$count(orderLines, eq(orderLines.partId, plenty.id))).toBe(3);
  });

  // Two orders of the same parts locking them in opposite orders would each wait on the other. Another
  // transaction holds the later part; a cart holding it first must lock the earlier part while it waits.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'take the stock of an order’s parts in part order, whatever the cart’s order',
    async () => {
      const [earlier, later] = (
        await Promise.all([addPart(first, { available: 10 }), addPart(first, { available: 10 })])
      ).sort((a, b) => (a.id < b.id ? -1 : 1));
      const buyer = await signUp(first);
      for (const part of [later!, earlier!]) {
        await first.app.inject({
          method: 'PUT',
          url: `/api/cart/items/${part.id}`,
          payload: { quantity: 1 },
          headers: { cookie: buyer.cookie },
        });
      }
      const holder = new pg.Client({ connectionString: first.database.url });
      const probe = new pg.Client({ connectionString: first.database.url });
      await Promise.all([holder.connect(), probe.connect()]);
      try {
        await holder.query('begin');
        await holder.query('select 1 from parts where id = $1 for no key update', [later!.id]);
        const checkout = first.app.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: { shippingAddress: ADDRESS },
          headers: { cookie: buyer.cookie },
        });
        // The checkout is now waiting on the later part, holding the earlier one.
        await expect
          .poll(async () => {
            try {
              await probe.query('begin');
              await probe.query('select 1 from parts where id = $1 for no key update nowait', [earlier!.id]);
              return 'free';
            } catch (error) {
              return (error as { code?: string }).code;
            } finally {
              await probe.query('rollback');
            }
          })
          .toBe('55P03');
        await holder.query('rollback');
        expect((await checkout).statusCode).toBe(201);
      } finally {
        await Promise.all([holder.end(), probe.end()]);
      }
      expect(await stockOf(first, earlier!.id)).toBe(9);
      expect(await stockOf(first, later!.id)).toBe(9);
    },
  );

  it('share sessions: signed in on one, known on the other', async () => {
    const { email } = await signUp(first);
    const cookie = cookiesOf(await signIn(second, email, PASSWORD));
    const session = await first.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user.email).toBe(email);
  });

  it('see each other’s catalogue changes at once, though each caches the catalogue', async () => {
    const part = await addPart(first, { available: 8 });
    expect(await stockOf(second, part.id)).toBe(8);
    expect(await stockOf(first, part.id)).toBe(8);
    const admin = await signUp(first, { email: 'two-instances-admin@example.com' });
    await first.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const changed = await first.app.inject({
      method: 'PATCH',
      url: `/api/part/${part.id}`,
      payload: { available: 3, name: 'Changed on the first instance' },
      headers: { cookie: admin.cookie },
    });
    expect(changed.statusCode).toBe(200);
    let seen = '';
    for (let attempt = 0; attempt < 50 && seen !== 'Changed on the first instance'; attempt++) {
      seen = (await second.app.inject({ method: 'GET', url: `/api/part/${part.id}` })).json().name;
      if (seen !== 'Changed on the first instance') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe('Changed on the first instance');
    expect(await stockOf(second, part.id)).toBe(3);
    const list = (await second.app.inject({ method: 'GET', url: '/api/part' })).json();
    expect(list.find((row: { _id: string }) => row._id === part.id).avaquantity).toBe(3);
  });
});
