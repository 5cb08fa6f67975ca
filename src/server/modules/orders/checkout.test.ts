import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, parts } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addLaptop, addPart, stockOf } from '../../../../test/support/catalog';
import { eventually } from '../../../../test/support/eventually';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('checkout: the cart becomes one order', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'checkout-admin@example.com' } });
  });
  afterAll(() => t.close());

  const customer = async () => customerCalls(t, (await signUp(t)).cookie);
  const cartOf = async (calls: Awaited<ReturnType<typeof customer>>) =>
    (await calls.call('GET', '/api/cart')).json();

  it('reserves every line, numbers the order, snapshots prices and address, and empties the cart', async () => {
    const buyer = await customer();
    const battery = await addPart(t, { name: 'Battery', priceCents: 5999, minimum: 2, available: 10 });
    const ssd = await addPart(t, { name: 'SSD', priceCents: 8999, available: 4 });
    await buyer.addToCart(battery.id, 2);
    await buyer.addToCart(ssd.id, 1);
    const placed = await buyer.call('POST', '/api/checkout', {
      shippingAddress: { ...ADDRESS, name: '  Ada Buyer  ' },
      total: 1,
      totalCents: 1,
      lines: [{ partId: ssd.id, unitPriceCents: 1 }],
    });
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({
      number: expect.stringMatching(/^RTP-1\d{5,}$/),
      status: 'unpaid',
      paid: false,
      totalCents: 2 * 5999 + 8999,
      total: 209.97,
      currency: 'usd',
      shippingAddress: { ...ADDRESS, region: '', postalCode: '' },
      parts: 'Battery × 2, SSD × 1',
      price: 209.97,
      quantity: 3,
      lines: [
        { partId: battery.id, name: 'Battery', unitPriceCents: 5999, quantity: 2, lineTotalCents: 11998 },
        { partId: ssd.id, name: 'SSD', unitPriceCents: 8999, quantity: 1, lineTotalCents: 8999 },
      ],
      timeline: [{ status: 'unpaid', note: null }],
    });
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await stockOf(t, battery.id)).toBe(8);
    expect(await stockOf(t, ssd.id)).toBe(3);
    expect((await cartOf(buyer)).items).toEqual([]);
    // A later price change does not touch the order.
    expect(
      (await buyer.order(order._id)).json().lines.find((l: { name: string }) => l.name === 'SSD'),
    ).toMatchObject({
      unitPriceCents: 8999,
    });
  });

  it('prices the order at the parts’ prices when it is placed, not when they went in the cart', async () => {
    const buyer = await customer();
    const fan = await addPart(t, { name: 'Fan', priceCents: 1500, available: 5 });
    await buyer.addToCart(fan.id, 2);
    await t.database.db.update(parts).set({ priceCents: 1750 }).where(eq(parts.id, fan.id));
    const placed = await buyer.checkout();
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order).toMatchObject({
      totalCents: 3500,
      lines: [{ partId: fan.id, unitPriceCents: 1750, lineTotalCents: 3500 }],
    });
  });

  it('is all or nothing: one short line refuses the order with 409 naming the part, and keeps the cart', async () => {
    const buyer = await customer();
    const plenty = await addPart(t, { name: 'Plenty', available: 50 });
    const scarce = await addPart(t, { name: 'Scarce Screen', available: 2 });
    await buyer.addToCart(plenty.id, 5);
    await buyer.addToCart(scarce.id, 2);
    // Someone else takes one of the two screens meanwhile.
    const other = await customer();
    expect((await other.buy(scarce.id, 1)).statusCode).toBe(201);
    const refused = await buyer.checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Scarce Screen: Only 1 unit left in stock.');
    expect(await stockOf(t, plenty.id)).toBe(50);
    expect(await stockOf(t, scarce.id)).toBe(1);
    expect((await cartOf(buyer)).items).toHaveLength(2);
    expect((await buyer.call('GET', '/api/purchase')).json()).toEqual([]);
  });

  it('refuses a cart holding a part the shop no longer sells with 409 naming it, until that line is removed', async () => {
    const admin = await signUpAdmin(t, { email: 'checkout-admin@example.com' });
    const buyer = await customer();
    const kept = await addPart(t, { name: 'Kept Keyboard', available: 10 });
    const gone = await addPart(t, { name: 'Retired Battery', available: 10 });
    await buyer.addToCart(kept.id, 1);
    await buyer.addToCart(gone.id, 2);
    // Someone bought it earlier, so the admin's delete hides it instead (the order history keeps it).
    expect((await (await customer()).buy(gone.id, 1)).statusCode).toBe(201);
    const hidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/part/${gone.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(hidden.json()).toEqual({ deleted: false, hidden: true });

    const refused = await buyer.checkout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'part_unavailable',
      message: '"Retired Battery" is no longer available. Remove it from your cart.',
    });
    expect(await stockOf(t, kept.id)).toBe(10);
    // The cart shows the line as it is, so it can be removed; then the rest checks out.
    expect((await cartOf(buyer)).items).toEqual([
      expect.objectContaining({ partId: kept.id, available: true }),
      expect.objectContaining({ partId: gone.id, name: 'Retired Battery', available: false }),
    ]);
    expect((await buyer.call('DELETE', `/api/cart/items/${gone.id}`)).statusCode).toBe(200);
    const placed = await buyer.checkout();
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.lines).toEqual([expect.objectContaining({ partId: kept.id, quantity: 1 })]);
    expect(await stockOf(t, kept.id)).toBe(9);
  });

  it('refuses an empty cart and a bad address, with nothing placed', async () => {
    const buyer = await customer();
    const empty = await buyer.checkout();
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Your cart is empty.');
    await buyer.addToCart((await addPart(t)).id, 1);
    for (const [change, field] of [
      [{ name: '' }, 'shippingAddress.name'],
      [{ address: '   ' }, 'shippingAddress.address'],
      [{ location: 'x'.repeat(101) }, 'shippingAddress.location'],
      [{ phone: 'call me' }, 'shippingAddress.phone'],
      [{ phone: '' }, 'shippingAddress.phone'],
    ] as const) {
      const response = await buyer.checkout({ ...ADDRESS, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
    expect((await buyer.call('POST', '/api/checkout', {})).statusCode).toBe(400);
    expect((await cartOf(buyer)).items).toHaveLength(1);
  });

  it('answers a new order as written, exactly as it reads back (lines, laptops, timeline)', async () => {
    const buyer = await customer();
    const screen = await addPart(t, { name: 'Answered screen', priceCents: 11_999, available: 5 });
    const fan = await addPart(t, { name: 'Answered fan', priceCents: 1_250, available: 5 });
    const laptop = await addLaptop(t, { name: 'Lenovo ThinkPad X1 Answered', slug: 'thinkpad-x1-answered' });
    await buyer.addToCart(screen.id, 1, laptop.slug);
    await buyer.addToCart(fan.id, 2);
    const placed = await buyer.checkout(ADDRESS, 'answered-as-written-1');
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0].forLaptop).toEqual({ slug: laptop.slug, name: laptop.name });
    expect(order.timeline).toHaveLength(1);
    expect((await buyer.order(order._id)).json()).toEqual(order);
    // The same key again: the order read back, the same answer.
    const replayed = await buyer.checkout(ADDRESS, 'answered-as-written-1');
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json().order).toEqual(order);
  });

  it('gives the same order for the same Idempotency-Key and body, and 422 for another body', async () => {
    const buyer = await customer();
    const part = await addPart(t, { available: 10 });
    await buyer.addToCart(part.id, 2);
    const key = 'checkout-key-0001';
    const [first, second] = await Promise.all([buyer.checkout(ADDRESS, key), buyer.checkout(ADDRESS, key)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().order._id).toBe(second.json().order._id);
    expect(await stockOf(t, part.id)).toBe(8);
    const again = await buyer.checkout(ADDRESS, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().order._id).toBe(first.json().order._id);
    const otherBody = await buyer.checkout({ ...ADDRESS, location: 'Elsewhere' }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().error.code).toBe('idempotency_key_reused');
    // The one-part purchase call (POST /api/purchase): the same rule.
    const buy = (quantity: number) =>
      buyer.call(
        'POST',
        '/api/purchase',
        { purchaseId: part.id, quantity, shippingAddress: ADDRESS },
        { 'idempotency-key': 'purchase-key-1' },
      );
    expect((await buy(1)).statusCode).toBe(201);
    expect((await buy(1)).statusCode).toBe(200);
    expect((await buy(2)).statusCode).toBe(422);
    expect(await stockOf(t, part.id)).toBe(7);
  });

  it('ships to the address book’s default when no address is sent; the profile’s address alone asks for a country', async () => {
    const buyer = await customer();
    await buyer.call('POST', '/api/profile', {
      name: 'Profile Name',
      address: '1 Main St',
      location: 'Oslo',
      phone: '+47 555 12345',
    });
    const part = await addPart(t);
    const profileOnly = await buyer.buy(part.id, 1, null);
    expect(profileOnly.statusCode).toBe(400);
    expect(profileOnly.json().error.fields).toEqual({ 'shippingAddress.country': 'Choose a country' });
    const home = { ...ADDRESS, name: 'At Home', country: 'no' };
    expect((await buyer.call('POST', '/api/addresses', home)).statusCode).toBe(201);
    const fromBook = (await buyer.buy(part.id, 1, null)).json().order;
    expect(fromBook.shippingAddress).toEqual({ ...home, country: 'NO', region: '', postalCode: '' });
    const sent = await buyer.buy(part.id, 1, ADDRESS);
    expect(sent.json().order.shippingAddress).toEqual({ ...ADDRESS, region: '', postalCode: '' });
  });

  it('takes a saved address by its id (404 for another customer’s), and keeps a new one with save: true', async () => {
    const buyer = await customer();
    const stranger = await customer();
    const part = await addPart(t, { available: 20 });
    const work = (
      await buyer.call('POST', '/api/addresses', {
        ...ADDRESS,
        name: 'At Work',
        country: 'US',
        region: 'CA',
        postalCode: '94105',
      })
    ).json();
    await buyer.addToCart(part.id, 1);
    const placed = await buyer.call('POST', '/api/checkout', { addressId: work.id });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.shippingAddress).toMatchObject({
      name: 'At Work',
      country: 'US',
      region: 'CA',
    });
    await stranger.addToCart(part.id, 1);
    expect((await stranger.call('POST', '/api/checkout', { addressId: work.id })).statusCode).toBe(404);
    // A new address, kept: once, however often it is used again.
    const cabin = { ...ADDRESS, name: 'Cabin', address: '3 Fjord Road' };
    for (let i = 0; i < 2; i++) {
      const saved = await buyer.call('POST', '/api/purchase', {
        purchaseId: part.id,
        quantity: 1,
        shippingAddress: cabin,
        save: true,
      });
      expect(saved.statusCode).toBe(201);
    }
    const book = (await buyer.call('GET', '/api/addresses')).json();
    expect(book.map((address: { name: string }) => address.name)).toEqual(['At Work', 'Cabin']);
    // Without save, the address goes on the order only.
    await buyer.buy(part.id, 1, { ...ADDRESS, name: 'Just Once' });
    expect((await buyer.call('GET', '/api/addresses')).json()).toHaveLength(2);
  });

  it('follows the same address rule for the cart and for BUY NOW: an address without its fields places nothing', async () => {
    const buyer = await customer();
    const part = await addPart(t, { available: 5 });
    await buyer.addToCart(part.id, 1);
    const fromCart = await buyer.checkout({ name: 'Test Customer', address: '', location: '', phone: '' });
    const bought = await buyer.buy(part.id, 1, null);
    for (const refused of [fromCart, bought]) {
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().error.fields)).toEqual([
        'shippingAddress.address',
        'shippingAddress.location',
        'shippingAddress.country',
        'shippingAddress.phone',
      ]);
    }
    // The US needs a state and a ZIP code.
    const american = await buyer.buy(part.id, 1, { ...ADDRESS, country: 'US' });
    expect(american.json().error.fields).toEqual({
      'shippingAddress.region': expect.any(String),
      'shippingAddress.postalCode': expect.any(String),
    });
    expect(await stockOf(t, part.id)).toBe(5);
    expect((await cartOf(buyer)).items).toHaveLength(1);
  });
});

describe('unpaid orders: a cap per customer and a limited hold', () => {
  it('refuses the sixth unpaid order with 429, for purchases and checkouts alike, until one is paid or removed', async () => {
    const t = await createTestApp({ seed: false, env: { MAX_UNPAID_ORDERS_PER_CUSTOMER: undefined } });
    try {
      const buyer = customerCalls(t, (await signUp(t)).cookie);
      const part = await addPart(t, { available: 100 });
      const placed = [];
      for (let i = 0; i < 5; i++) placed.push((await buyer.buy(part.id, 1)).json().order._id);
      const sixth = await buyer.buy(part.id, 1);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.message).toBe('You have 5 unpaid orders: pay or remove one first');
      await buyer.addToCart(part.id, 1);
      expect((await buyer.checkout()).statusCode).toBe(429);
      expect(await stockOf(t, part.id)).toBe(95);
      // Racing for the last place: only one gets it.
      expect((await buyer.remove(placed[0])).statusCode).toBe(200);
      const race = await Promise.all([buyer.buy(part.id, 1), buyer.buy(part.id, 1), buyer.checkout()]);
      expect(race.map((response) => response.statusCode).sort()).toEqual([201, 429, 429]);
      // Another customer has their own five.
      const other = customerCalls(t, (await signUp(t)).cookie);
      expect((await other.buy(part.id, 1)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });

  it('expires an order whose hold ended, returning its stock; an expired order cannot be paid', async () => {
    // 0.02 minutes: 1.2 seconds.
    const t = await createTestApp({ seed: false, env: { UNPAID_ORDER_HOLD_MINUTES: '0.02' } });
    try {
      const buyer = customerCalls(t, (await signUp(t)).cookie);
      const part = await addPart(t, { available: 10 });
      await buyer.addToCart(part.id, 4);
      const { order } = (await buyer.checkout()).json();
      expect(await stockOf(t, part.id)).toBe(6);
      const expired = await eventually(
        async () => {
          const now = (await buyer.order(order._id)).json();
          expect(now.status).toBe('expired');
          return now;
        },
        100,
        100,
      );
      expect(expired.timeline.map((event: { status: string }) => event.status)).toEqual([
        'unpaid',
        'expired',
      ]);
      expect(expired.timeline[1].note).toBe('Not paid in time');
      expect(await stockOf(t, part.id)).toBe(10);
      const pay = await buyer.intent(order._id);
      expect(pay.statusCode).toBe(409);
      expect(pay.json().error.message).toBe(
        'This order expired and cannot be paid. Place it again to buy these parts.',
      );
      expect((await buyer.remove(order._id)).statusCode).toBe(409);
      const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
      expect(events.filter((event) => event.toStatus === 'expired')).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('refuses to charge an order whose hold ended before the sweep came by, and expires it at once', async () => {
    const t = await createTestApp({ seed: false, env: { UNPAID_ORDER_HOLD_MINUTES: '0.001' } });
    try {
      const buyer = customerCalls(t, (await signUp(t)).cookie);
      const part = await addPart(t, { available: 3 });
      const { order } = (await buyer.buy(part.id, 3)).json();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const paid = await buyer.pay(order._id);
      expect(paid.statusCode).toBe(409);
      expect((await buyer.order(order._id)).json().status).toBe('expired');
      expect(await stockOf(t, part.id)).toBe(3);
    } finally {
      await t.close();
    }
  });
});
