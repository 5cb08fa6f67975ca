import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, parts } from '#server/db/schema.ts';
import { cookiesOf, signIn, signUp } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { dropExpiredGuestCarts } from './guest-cart';

describe('the cart', () => {
  let t: TestApp;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    alice = await signUp(t, { name: 'Alice' });
    bob = await signUp(t, { name: 'Bob' });
  });
  afterAll(() => t.close());

  const cart = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
  const put = (cookie: string, partId: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/cart/items/${partId}`, payload, headers: { cookie } });
  const remove = (cookie: string, partId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/cart/items/${partId}`, headers: { cookie } });

  it('starts empty and is private to its customer', async () => {
    expect((await cart(alice.cookie)).json()).toEqual({
      items: [],
      subtotal: 0,
      subtotalCents: 0,
      discount: 0,
      discountCents: 0,
      discountCode: null,
      // Calculated at checkout: no country or method yet.
      shipping: null,
      shippingCents: null,
      tax: null,
      taxCents: null,
      pricesIncludeTax: false,
      total: 0,
      totalCents: 0,
      count: 0,
    });
    // A visitor who put nothing in a cart has an empty one, and no cookie for it.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/cart' });
    expect([visitor.statusCode, visitor.json().items, visitor.headers['set-cookie']]).toEqual([
      200,
      [],
      undefined,
    ]);
  });

  it('adds and changes lines within the part’s minimum and stock, with line and cart totals', async () => {
    const fan = await addPart(t, { name: 'Fan', priceCents: 1250, minimum: 2, available: 6 });
    const ssd = await addPart(t, { name: 'SSD', priceCents: 8999, available: 3 });
    expect((await put(alice.cookie, fan.id, { quantity: 2 })).statusCode).toBe(200);
    const both = (await put(alice.cookie, ssd.id, { quantity: '1' })).json();
    expect(both).toEqual({
      items: [
        {
          partId: fan.id,
          name: 'Fan',
          img: fan.imageUrl,
          price: 12.5,
          priceCents: 1250,
          quantity: 2,
          lineTotal: 25,
          lineTotalCents: 2500,
          minquantity: 2,
          avaquantity: 6,
          available: true,
          forLaptop: null,
        },
        expect.objectContaining({ partId: ssd.id, quantity: 1, lineTotalCents: 8999 }),
      ],
      subtotal: 114.99,
      subtotalCents: 11499,
      discount: 0,
      discountCents: 0,
      discountCode: null,
      shipping: null,
      shippingCents: null,
      tax: null,
      taxCents: null,
      pricesIncludeTax: false,
      total: 114.99,
      totalCents: 11499,
      count: 3,
    });
    const changed = (await put(alice.cookie, fan.id, { quantity: 6 })).json();
    expect(changed.items[0].quantity).toBe(6);
    expect(changed.totalCents).toBe(6 * 1250 + 8999);
  });

  it('stamps a line as changed each time its quantity changes (its statement is built once)', async () => {
    const hinge = await addPart(t, { available: 9 });
    const changedAt = async () => {
      const [line] = await t.database.db
        .select({ at: cartItems.updatedAt })
        .from(cartItems)
        .where(and(eq(cartItems.userId, bob.id), eq(cartItems.partId, hinge.id)));
      return line!.at.getTime();
    };
    expect((await put(bob.cookie, hinge.id, { quantity: 1 })).statusCode).toBe(200);
    const added = await changedAt();
    for (const quantity of [2, 3]) {
      const before = await changedAt();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await put(bob.cookie, hinge.id, { quantity })).statusCode).toBe(200);
      expect(await changedAt()).toBeGreaterThan(before);
    }
    expect(await changedAt()).toBeGreaterThan(added);
    expect((await remove(bob.cookie, hinge.id)).statusCode).toBe(200);
  });

  it('refuses quantities below the minimum (400), beyond the stock (409), and unknown parts (404)', async () => {
    const part = await addPart(t, { minimum: 3, available: 5 });
    const below = await put(alice.cookie, part.id, { quantity: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields).toEqual({ quantity: 'Order at least 3 units.' });
    const beyond = await put(alice.cookie, part.id, { quantity: 6 });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.message).toBe('Only 5 units left in stock.');
    for (const quantity of [0, -1, 1.5, 'lots', null]) {
      expect((await put(alice.cookie, part.id, { quantity })).statusCode, String(quantity)).toBe(400);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
      expect((await put(alice.cookie, id, { quantity: 1 })).statusCode).toBe(404);
    }
    expect(
      (await cart(alice.cookie)).json().items.map((item: { partId: string }) => item.partId),
    ).not.toContain(part.id);
  });

  it('follows its customer to another device, and always shows today’s price', async () => {
    const part = await addPart(t, { name: 'Hinge', priceCents: 900 });
    await put(bob.cookie, part.id, { quantity: 1 });
    const otherDevice = cookiesOf(await signIn(t, bob.email));
    await t.database.db.update(parts).set({ priceCents: 1100 }).where(eq(parts.id, part.id));
    const seen = (await cart(otherDevice)).json();
    expect(seen.items).toEqual([
      expect.objectContaining({ partId: part.id, priceCents: 1100, lineTotalCents: 1100 }),
    ]);
    expect(
      (await cart(alice.cookie)).json().items.map((item: { partId: string }) => item.partId),
    ).not.toContain(part.id);
  });

  it('removes lines (removing one that is not there is fine)', async () => {
    const kept = await addPart(t);
    await put(bob.cookie, kept.id, { quantity: 1 });
    expect((await cart(bob.cookie)).json().items.map((item: { partId: string }) => item.partId)).toContain(
      kept.id,
    );
    const after = (await remove(bob.cookie, kept.id)).json();
    expect(after.items.map((item: { partId: string }) => item.partId)).not.toContain(kept.id);
    expect((await remove(bob.cookie, kept.id)).statusCode).toBe(200);
  });

  it('keeps a line whose part left the shop, marked unavailable and out of the sums, until it is removed', async () => {
    const carol = await signUp(t, { name: 'Carol' });
    const kept = await addPart(t, { name: 'Kept Fan', priceCents: 1000 });
    const gone = await addPart(t, { name: 'Gone Screen', priceCents: 5000 });
    await put(carol.cookie, kept.id, { quantity: 2 });
    await put(carol.cookie, gone.id, { quantity: 1 });
    // What DELETE /api/part/:id does to a part that has orders: hidden, kept for the order history.
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, gone.id));
    const seen = (await cart(carol.cookie)).json();
    expect(seen.items).toEqual([
      expect.objectContaining({ partId: kept.id, available: true, lineTotalCents: 2000 }),
      expect.objectContaining({
        partId: gone.id,
        name: 'Gone Screen',
        available: false,
        quantity: 1,
        lineTotal: 0,
        lineTotalCents: 0,
      }),
    ]);
    expect(seen).toMatchObject({ total: 20, totalCents: 2000, count: 2 });
    // It cannot be put back or changed, only removed.
    expect((await put(carol.cookie, gone.id, { quantity: 2 })).statusCode).toBe(404);
    const removed = await remove(carol.cookie, gone.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items).toEqual([expect.objectContaining({ partId: kept.id, available: true })]);
  });

  describe('of a visitor', () => {
    const visit = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    const cartCookieOf = (response: { headers: Record<string, unknown> }) =>
      String(response.headers['set-cookie'] ?? '').split(';')[0]!;

    it('is started by the first part put in it, named by a cookie only that browser holds', async () => {
      const fan = await addPart(t, { name: 'Visitor Fan', priceCents: 1250, available: 5 });
      const first = await visit('PUT', `/api/cart/items/${fan.id}`, undefined, { quantity: 2 });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ count: 2, subtotalCents: 2500 });
      expect(String(first.headers['set-cookie'])).toMatch(
        /^rtp_cart=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
      );
      const cookie = cartCookieOf(first);
      expect((await visit('GET', '/api/cart', cookie)).json().items).toHaveLength(1);
      // Another browser, or a made-up token, has no cart.
      expect((await visit('GET', '/api/cart')).json().items).toEqual([]);
      expect((await visit('GET', '/api/cart', `rtp_cart=${'x'.repeat(43)}`)).json().items).toEqual([]);
      expect((await visit('GET', '/api/cart', 'rtp_cart=../../etc')).json().items).toEqual([]);
      // The same rules as a customer's cart: stock, and removal.
      expect((await visit('PUT', `/api/cart/items/${fan.id}`, cookie, { quantity: 6 })).statusCode).toBe(409);
      expect((await visit('DELETE', `/api/cart/items/${fan.id}`, cookie)).json().items).toEqual([]);
    });

    it('joins the account’s cart when the visitor signs in: the account’s lines win, the cookie goes', async () => {
      const carol = await signUp(t, { name: 'Carol' });
      const screen = await addPart(t, { name: 'Visitor Screen', available: 9 });
      const ssd = await addPart(t, { name: 'Visitor SSD', available: 9 });
      expect((await put(carol.cookie, screen.id, { quantity: 1 })).statusCode).toBe(200);
      const started = await visit('PUT', `/api/cart/items/${screen.id}`, undefined, { quantity: 4 });
      const guest = cartCookieOf(started);
      await visit('PUT', `/api/cart/items/${ssd.id}`, guest, { quantity: 3 });
      const merged = await visit('GET', '/api/cart', `${carol.cookie}; ${guest}`);
      expect(
        merged.json().items.map((item: { name: string; quantity: number }) => [item.name, item.quantity]),
      ).toEqual([
        ['Visitor Screen', 1],
        ['Visitor SSD', 3],
      ]);
      expect(String(merged.headers['set-cookie'])).toContain('rtp_cart=; Path=/; Max-Age=0');
      // The visitor's cart is gone: the old cookie names nothing now.
      expect((await visit('GET', '/api/cart', guest)).json().items).toEqual([]);
    });

    it('is not for admins to fill', async () => {
      const admin = await signUp(t, { name: 'Cart Admin' });
      await t.database.db.execute(sql`update users set role = 'admin' where email = ${admin.email}`);
      const part = await addPart(t);
      expect(
        (await visit('PUT', `/api/cart/items/${part.id}`, admin.cookie, { quantity: 1 })).statusCode,
      ).toBe(403);
      expect((await visit('PUT', '/api/cart/discount', admin.cookie, { code: 'ANY' })).statusCode).toBe(403);
    });
  });

  it('forgets visitor carts older than their cookie, with their lines', async () => {
    const part = await addPart(t);
    const old = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.id}`,
      payload: { quantity: 1 },
    });
    const fresh = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/items/${part.id}`,
      payload: { quantity: 1 },
    });
    const cookieOf = (response: typeof old) => String(response.headers['set-cookie']).split(';')[0]!;
    await t.database.db.execute(
      sql`update guest_carts set created_at = now() - interval '31 days' where id = (select guest_cart_id from cart_items where part_id = ${part.id} and guest_cart_id is not null order by created_at limit 1)`,
    );
    expect(await dropExpiredGuestCarts(t.database.db)).toBe(1);
    const read = (cookie: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/cart', headers: { cookie } })
        .then((r) => r.json().items.length);
    expect([await read(cookieOf(old)), await read(cookieOf(fresh))]).toEqual([0, 1]);
  });

  it('lets one client address start only so many visitor carts an hour (429), while carts already started work', async () => {
    const limited = await createTestApp({ seed: false, env: { GUEST_CARTS_PER_CLIENT_PER_HOUR: '2' } });
    try {
      const part = await addPart(limited);
      const add = (cookie?: string) =>
        limited.app.inject({
          method: 'PUT',
          url: `/api/cart/items/${part.id}`,
          payload: { quantity: 1 },
          headers: cookie ? { cookie } : {},
        });
      const first = await add();
      expect((await add()).statusCode).toBe(200);
      const third = await add();
      expect([third.statusCode, third.json().error.code]).toEqual([429, 'rate_limited']);
      const cookie = String(first.headers['set-cookie']).split(';')[0]!;
      expect((await add(cookie)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
