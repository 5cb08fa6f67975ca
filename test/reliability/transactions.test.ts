import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { signUp } from '../support/auth';
import { addPart, stockOf } from '../support/catalog';
import { ADDRESS } from '../support/orders';
import { createTestApp, type TestApp } from '../support/test-app';

describe('transactions under faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  it('a failure between reserving stock and inserting the order leaves neither', async () => {
    const buyer = await signUp(t);
    const part = await addPart(t, { available: 7 });
    await t.database.db.execute(sql`create function refuse_orders() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_orders before insert on orders for each row execute function refuse_orders()`,
    );
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        payload: { purchaseId: part.id, quantity: 3, shippingAddress: ADDRESS },
        headers: { cookie: buyer.cookie },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
      });
      expect(await stockOf(t, part.id)).toBe(7);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_orders on orders`);
      await t.database.db.execute(sql`drop function refuse_orders()`);
    }
  });

  it('pays an order once, even when the same payment is confirmed many times at once, and never for two orders', async () => {
    const buyer = await signUp(t);
    const part = await addPart(t, { available: 10 });
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: buyer.cookie } });
    const first = (
      await call('POST', '/api/purchase', { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS })
    ).json().order;
    const second = (
      await call('POST', '/api/purchase', { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS })
    ).json().order;
    const { clientSecret } = (
      await call('POST', '/api/create-payment-intent', { purchaseId: first._id })
    ).json();
    const { paymentIntentId } = (
      await call('POST', '/api/sandbox/confirm-payment', {
        clientSecret,
        cardNumber: '4242424242424242',
        expiry: '12/40',
        cvc: '123',
      })
    ).json();

    const confirmations = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('PATCH', `/api/purchase/${first._id}`, { transactionId: paymentIntentId }),
      ),
    );
    expect(confirmations.every((response) => response.statusCode === 200)).toBe(true);
    const reuse = await call('PATCH', `/api/purchase/${second._id}`, { transactionId: paymentIntentId });
    expect(reuse.statusCode).toBeGreaterThanOrEqual(400);
    expect(reuse.statusCode).toBeLessThan(500);
    const rows = await rowsOf(
      t.database.db,
      sql`select orders.status, orders.transaction_id from orders
          join order_lines line on line.order_id = orders.id
          where line.part_id = ${part.id} order by orders.created_at`,
    );
    expect(rows).toEqual([
      { status: 'paid', transaction_id: paymentIntentId },
      { status: 'unpaid', transaction_id: null },
    ]);
  });
});
