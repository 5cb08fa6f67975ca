import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, parts } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('orders API', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'admin@example.com' } });
    alice = await signUp(t, { name: 'Alice' });
    bob = await signUp(t, { name: 'Bob' });
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    // Purchases sent without an address go to the address book's default.
    for (const [buyer, name] of [
      [alice, 'Alice'],
      [bob, 'Bob'],
    ] as const)
      await customerCalls(t, buyer.cookie).call('POST', '/api/addresses', { ...ADDRESS, name });
  });
  afterAll(() => t.close());

  const buy = (cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: payload as object,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const as = (cookie: string, method: 'GET' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: { cookie } });

  it('refuses anonymous buyers', async () => {
    const part = await addPart(t);
    const response = await buy(undefined, { purchaseId: part.id, quantity: 1 });
    expect(response.statusCode).toBe(401);
    expect(await stockOf(t, part.id)).toBe(10);
  });

  it('places an order with the buyer from the session and the price from the database', async () => {
    const part = await addPart(t, { priceCents: 1999, available: 10 });
    const response = await buy(alice.cookie, {
      purchaseId: part.id,
      quantity: '3',
      price: 0.01,
      parts: 'Free stuff',
      user: bob.email,
      userName: 'Bob',
      paid: true,
      transactionId: 'pi_forged',
      status: 'paid',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      order: {
        _id: expect.any(String),
        user: alice.email,
        userName: 'Alice',
        parts: part.name,
        price: 19.99,
        priceCents: 1999,
        quantity: 3,
        paid: false,
        transactionId: null,
        number: expect.stringMatching(/^RTP-\d{6,}$/),
        status: 'unpaid',
        createdAt: expect.any(String),
        lines: [
          {
            lineId: expect.any(String),
            partId: part.id,
            name: part.name,
            unitPrice: 19.99,
            unitPriceCents: 1999,
            quantity: 3,
            lineTotal: 59.97,
            lineTotalCents: 5997,
            discountCents: 0,
            taxCents: 0,
            refundedQuantity: 0,
            forLaptop: null,
          },
        ],
        // A shop without shipping methods or tax rates charges neither.
        subtotal: 59.97,
        subtotalCents: 5997,
        discount: 0,
        discountCents: 0,
        shipping: 0,
        shippingCents: 0,
        tax: 0,
        taxCents: 0,
        pricesIncludeTax: false,
        refunded: 0,
        refundedCents: 0,
        shippingRefunded: false,
        shippingMethod: null,
        discountCode: null,
        total: 59.97,
        totalCents: 5997,
        currency: 'usd',
        // Without an address in the body, the address book's default.
        shippingAddress: { ...ADDRESS, name: 'Alice', region: '', postalCode: '' },
        expiresAt: expect.any(String),
        trackingNumber: null,
        timeline: [{ status: 'unpaid', at: expect.any(String), note: null }],
        // The buyer may pay or remove it (orders/actions.test.ts covers every status and role).
        actions: ['pay', 'cancel'],
      },
    });
    expect(await stockOf(t, part.id)).toBe(7);
  });

  it.each([
    [{ quantity: 0 }, 400, 'Enter at least 1'],
    [{ quantity: -2 }, 400, 'Enter at least 1'],
    [{ quantity: 1.5 }, 400, 'Enter a whole number'],
    [{ quantity: '2.5' }, 400, 'Enter a whole number'],
    [{ quantity: 'two' }, 400, 'Enter a whole number'],
    [{ quantity: '' }, 400, 'Enter a whole number'],
    [{ quantity: null }, 400, undefined],
    [{ quantity: [2] }, 400, undefined],
    [{ quantity: { $gt: 0 } }, 400, undefined],
    [{ quantity: 1e12 }, 400, 'Enter at most 10000'],
    [{ quantity: 1 }, 400, 'Order at least 2 units.'],
    [{ quantity: 6 }, 409, 'Only 5 units left in stock.'],
  ])('refuses %j with %i naming the bound, leaving the stock alone', async (change, status, message) => {
    const part = await addPart(t, { minimum: 2, available: 5 });
    const response = await buy(alice.cookie, { purchaseId: part.id, ...change });
    expect(response.statusCode).toBe(status);
    if (message) expect(response.json().error.fields.quantity).toBe(message);
    expect(await stockOf(t, part.id)).toBe(5);
  });

  it('refuses a purchase with nowhere to send it (no address sent, none in the profile): 400 naming the fields, nothing reserved', async () => {
    const newcomer = await signUp(t, { name: 'Newcomer' });
    const part = await addPart(t, { available: 5 });
    const refused = await buy(newcomer.cookie, { purchaseId: part.id, quantity: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: {
        code: 'shipping_address_required',
        message: 'Enter a shipping address: where should we send your order?',
        fields: {
          'shippingAddress.address': 'Address is required',
          'shippingAddress.location': 'Location is required',
          'shippingAddress.country': 'Choose a country',
          'shippingAddress.phone': 'Phone is required',
        },
      },
    });
    // An incomplete address sent with it: the same rule, from the body's check.
    const incomplete = await buy(newcomer.cookie, {
      purchaseId: part.id,
      quantity: 1,
      shippingAddress: { ...ADDRESS, address: '  ' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().error.fields)).toEqual(['shippingAddress.address']);
    expect(await stockOf(t, part.id)).toBe(5);
    expect((await as(newcomer.cookie, 'GET', '/api/purchase')).json()).toEqual([]);
    // With an address, the same purchase goes through.
    const placed = await buy(newcomer.cookie, { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.shippingAddress).toEqual({ ...ADDRESS, region: '', postalCode: '' });
  });

  it('takes no payment for an order without a shipping address (one placed before addresses were required)', async () => {
    const part = await addPart(t, { available: 5 });
    const placed = (await buy(bob.cookie, { purchaseId: part.id, quantity: 1 })).json().order;
    await t.database.db
      .update(orders)
      .set({ shippingAddress: { name: 'Bob', address: '', location: '', phone: '' } })
      .where(eq(orders.id, placed._id));
    const bobCalls = customerCalls(t, bob.cookie);
    const intent = await bobCalls.intent(placed._id);
    expect(intent.statusCode).toBe(400);
    expect(intent.json().error.code).toBe('shipping_address_required');
    expect(intent.json().error.fields).toHaveProperty(['shippingAddress.address'], 'Address is required');
    expect((await as(bob.cookie, 'GET', `/api/purchase/${placed._id}`)).json().status).toBe('unpaid');
  });

  it('answers 404 for an unknown, malformed or hidden part', async () => {
    const hidden = await addPart(t);
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, hidden.id));
    for (const purchaseId of ['00000000-0000-4000-8000-000000000000', 'nope', hidden.id]) {
      expect((await buy(alice.cookie, { purchaseId, quantity: 1 })).statusCode).toBe(404);
    }
  });

  it('creates one order for a repeated submit with the same Idempotency-Key', async () => {
    const part = await addPart(t, { available: 10 });
    const headers = { 'idempotency-key': 'checkout-1234-abcd' };
    const [first, second] = await Promise.all([
      buy(alice.cookie, { purchaseId: part.id, quantity: 2 }, headers),
      buy(alice.cookie, { purchaseId: part.id, quantity: 2 }, headers),
    ]);
    const third = await buy(alice.cookie, { purchaseId: part.id, quantity: 2 }, headers);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(third.statusCode).toBe(200);
    expect(new Set([first.json().order._id, second.json().order._id, third.json().order._id]).size).toBe(1);
    expect(await stockOf(t, part.id)).toBe(8);
    // The same key from another buyer is another order.
    expect((await buy(bob.cookie, { purchaseId: part.id, quantity: 2 }, headers)).statusCode).toBe(201);
  });

  it('never oversells: 50 concurrent buyers of 5 units get exactly 5 orders', async () => {
    const part = await addPart(t, { available: 5 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(t)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        buy(buyers[i % buyers.length]!.cookie, {
          purchaseId: part.id,
          quantity: 1,
          shippingAddress: ADDRESS,
        }),
      ),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    expect(await stockOf(t, part.id)).toBe(0);
    expect(await t.database.db.$count(orderLines, eq(orderLines.partId, part.id))).toBe(5);
  });

  it('lists a customer’s own orders; another customer’s list is refused; admins may look anyone up', async () => {
    const part = await addPart(t);
    const placed = (await buy(bob.cookie, { purchaseId: part.id, quantity: 1 })).json().order;
    const own = (await as(bob.cookie, 'GET', '/api/purchase')).json();
    expect(own.map((order: { _id: string }) => order._id)).toContain(placed._id);
    expect(own.every((order: { user: string }) => order.user === bob.email)).toBe(true);
    expect(
      (await as(bob.cookie, 'GET', `/api/purchase?user=${encodeURIComponent(bob.email)}`)).statusCode,
    ).toBe(200);
    expect(
      (await as(alice.cookie, 'GET', `/api/purchase?user=${encodeURIComponent(bob.email)}`)).statusCode,
    ).toBe(403);
    const byAdmin = (
      await as(admin.cookie, 'GET', `/api/purchase?user=${encodeURIComponent(bob.email)}`)
    ).json();
    expect(byAdmin.map((order: { _id: string }) => order._id)).toContain(placed._id);
    expect((await t.app.inject({ method: 'GET', url: '/api/purchase' })).statusCode).toBe(401);
  });

  it('shows one order to its buyer and admins only (404 to others, no existence leak)', async () => {
    const part = await addPart(t);
    const placed = (await buy(bob.cookie, { purchaseId: part.id, quantity: 1 })).json().order;
    expect((await as(bob.cookie, 'GET', `/api/purchase/${placed._id}`)).json()._id).toBe(placed._id);
    expect((await as(admin.cookie, 'GET', `/api/purchase/${placed._id}`)).statusCode).toBe(200);
    const stranger = await as(alice.cookie, 'GET', `/api/purchase/${placed._id}`);
    const missing = await as(alice.cookie, 'GET', '/api/purchase/00000000-0000-4000-8000-000000000000');
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
  });

  it('removes an unpaid order, returning its stock and keeping it as cancelled; only the buyer or an admin can', async () => {
    const part = await addPart(t, { available: 10 });
    const placed = (await buy(bob.cookie, { purchaseId: part.id, quantity: 4 })).json().order;
    expect(await stockOf(t, part.id)).toBe(6);
    expect((await as(alice.cookie, 'DELETE', `/api/purchase/${placed._id}`)).statusCode).toBe(404);
    const removed = await as(bob.cookie, 'DELETE', `/api/purchase/${placed._id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().order.status).toBe('cancelled');
    expect(await stockOf(t, part.id)).toBe(10);
    const again = await as(bob.cookie, 'DELETE', `/api/purchase/${placed._id}`);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, part.id)).toBe(10);
    // Kept in My Orders with its state, not made to vanish.
    expect(
      (await as(bob.cookie, 'GET', '/api/purchase'))
        .json()
        .filter((o: { _id: string }) => o._id === placed._id)
        .map((o: { status: string }) => o.status),
    ).toEqual(['cancelled']);

    const other = (await buy(bob.cookie, { purchaseId: part.id, quantity: 1 })).json().order;
    expect((await as(admin.cookie, 'DELETE', `/api/purchase/${other._id}`)).statusCode).toBe(200);
    expect(await stockOf(t, part.id)).toBe(10);
  });

  it('removes an order once even when two removals race', async () => {
    const part = await addPart(t, { available: 10 });
    const placed = (await buy(bob.cookie, { purchaseId: part.id, quantity: 3 })).json().order;
    const results = await Promise.all([
      as(bob.cookie, 'DELETE', `/api/purchase/${placed._id}`),
      as(bob.cookie, 'DELETE', `/api/purchase/${placed._id}`),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(t, part.id)).toBe(10);
  });
});
