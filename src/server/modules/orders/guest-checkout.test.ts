import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders, shippingMethods } from '#server/db/schema.ts';
import { signUp, signUpAdmin, verifyEmail } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls, linkParts, visitorCalls } from '../../../../test/support/orders';
import { readMail, startSmtpSink } from '../../../../test/support/smtp-sink';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

/** Guest checkout from the outside: a visitor buys, pays and comes back through the order's private link. */
describe('guest checkout', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let express: string;
  let clients = 0;
  /** Each test's visitors come from an address of their own, so caps and limits do not meet. */
  const visitor = (address = `10.0.${Math.floor(++clients / 200)}.${clients % 200}`) =>
    visitorCalls(t, address);
  const mailsTo = async (address: string, subject: RegExp) => {
    await t.app.jobs.runOnce();
    const read = await Promise.all(smtp.mails.filter((mail) => mail.to.includes(address)).map(readMail));
    return read.filter((mail) => subject.test(mail.subject));
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'guest-admin@example.com',
        SMTP_URL: smtp.url,
        MAX_UNPAID_ORDERS_PER_CUSTOMER: '2',
        GUEST_ORDERS_PER_CLIENT_PER_HOUR: '4',
      },
    });
    admin = await signUpAdmin(t, { email: 'guest-admin@example.com' });
    // This suite runs the job worker itself (runOnce), so that it knows when mails go out.
    await t.app.jobs.stop();
    const methods = await t.database.db
      .insert(shippingMethods)
      .values([
        { name: 'Standard', priceCents: 499, freeOverCents: 10_000, days: '3–5 business days' },
        { name: 'Express', priceCents: 1499, days: '1–2 business days' },
      ])
      .returning();
    express = methods[1]!.id;
    await t.database.db.insert(discountCodes).values({ code: 'GUEST10', kind: 'percent', value: 10 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('places a visitor’s order with a code and Express, answers its private link and mails it', async () => {
    const guest = visitor();
    const battery = await addPart(t, { name: 'Guest Battery', priceCents: 4999, available: 5 });
    await guest.addToCart(battery.id, 2);
    expect((await guest.call('PUT', '/api/cart/discount', { code: 'guest10' })).statusCode).toBe(200);
    const placed = await guest.checkout('  Gus.Guest@Example.com ', {
      shippingMethodId: express,
      // Who buys is never taken from the body.
      userId: admin.id,
    });
    expect(placed.statusCode).toBe(201);
    const { order, orderUrl } = placed.json();
    // 2 × 49.99 = 99.98; 10 % off = 10.00 (per line, half up); Express 14.99; Norway: no tax.
    expect(order).toMatchObject({
      status: 'unpaid',
      subtotalCents: 9998,
      discountCents: 1000,
      discountCode: 'GUEST10',
      shippingCents: 1499,
      shippingMethod: 'Express',
      taxCents: 0,
      totalCents: 10_497,
      shippingAddress: { ...ADDRESS, region: '', postalCode: '' },
    });
    expect(orderUrl).toMatch(new RegExp(`^/orders/${order._id}\\?token=[\\w-]{43}$`));
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ userId: null, buyerEmail: 'gus.guest@example.com', buyerName: 'Ada Buyer' });
    // Only the token's hash is kept.
    expect(row!.accessTokenHash).not.toContain(linkParts(orderUrl).token);
    expect(await stockOf(t, battery.id)).toBe(3);
    expect((await guest.call('GET', '/api/cart')).json()).toMatchObject({ items: [], discountCode: null });

    const [placedMail, ...more] = await mailsTo('gus.guest@example.com', /waiting for payment/);
    expect(more).toEqual([]);
    expect(placedMail!.text).toContain(`http://localhost:3000${orderUrl}`);
    expect(placedMail!.text).toContain('$104.97');
  });

  it('prices the shipping methods for a visitor’s cart: Standard free over $100', async () => {
    const guest = visitor();
    const screen = await addPart(t, { name: 'Guest Screen', priceCents: 6000, available: 5 });
    const priced = async () =>
      Object.fromEntries(
        (
          (await guest.call('GET', '/api/shipping-methods?country=NO')).json() as {
            name: string;
            priceCents: number;
          }[]
        ).map((method) => [method.name, method.priceCents]),
      );
    // No cart yet: the methods' own prices.
    expect(await priced()).toEqual({ Standard: 499, Express: 1499 });
    await guest.addToCart(screen.id, 2);
    expect(await priced()).toEqual({ Standard: 0, Express: 1499 });
  });

  it('shows and pays the order for the holder of the link, and for nobody else (404)', async () => {
    const guest = visitor();
    const fan = await addPart(t, { name: 'Guest Fan', priceCents: 1250, available: 5 });
    await guest.addToCart(fan.id, 1);
    const { order, orderUrl } = (await guest.checkout('holder@example.com')).json();
    const { id, token } = linkParts(orderUrl);
    const anyone = visitor();
    expect((await anyone.call('GET', orderUrl.replace('/orders/', '/api/purchase/'))).statusCode).toBe(200);
    expect((await anyone.call('GET', `/api/purchase/${id}`)).statusCode).toBe(401);
    expect((await anyone.call('GET', `/api/purchase/${id}?token=${'x'.repeat(43)}`)).statusCode).toBe(404);
    // Another visitor's link does not open this order.
    const other = visitor();
    await other.addToCart(fan.id, 1);
    const otherLink = linkParts((await other.checkout('other@example.com')).json().orderUrl);
    expect((await anyone.call('GET', `/api/purchase/${id}?token=${otherLink.token}`)).statusCode).toBe(404);
    // A signed-in customer without the link learns nothing; an admin sees it, as every order.
    const customer = customerCalls(t, (await signUp(t)).cookie);
    expect((await customer.order(id)).statusCode).toBe(404);
    expect((await customer.intent(id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/purchase/${id}`, headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);
    // Paying needs the link too.
    expect(
      (await anyone.call('POST', `/api/create-payment-intent?token=${otherLink.token}`, { purchaseId: id }))
        .statusCode,
    ).toBe(404);
    const paid = await anyone.pay(orderUrl);
    expect(paid.statusCode).toBe(200);
    const confirmed = await anyone.call('PATCH', `/api/purchase/${id}?token=${token}`, {
      transactionId: paid.json().paymentIntentId,
    });
    expect(confirmed.json()).toMatchObject({ _id: order._id, status: 'paid', paid: true });
    const [receipt] = await mailsTo('holder@example.com', /confirmed/);
    expect(receipt!.text).toContain(`http://localhost:3000${orderUrl}`);
    expect(receipt!.text).not.toContain('/dashboard/order');
  });

  it('lets the holder of the link remove an unpaid order: its parts go back', async () => {
    const guest = visitor();
    const ssd = await addPart(t, { name: 'Guest SSD', available: 3 });
    await guest.addToCart(ssd.id, 2);
    const { orderUrl } = (await guest.checkout('remover@example.com')).json();
    const { id, token } = linkParts(orderUrl);
    expect((await visitor().call('DELETE', `/api/purchase/${id}`)).statusCode).toBe(401);
    const removed = await visitor().call('DELETE', `/api/purchase/${id}?token=${token}`);
    expect(removed.json()).toMatchObject({ success: true, order: { status: 'cancelled' } });
    expect(await stockOf(t, ssd.id)).toBe(3);
  });

  it('refuses a visitor’s checkout without an email, without a new address, or with an empty cart (400)', async () => {
    const guest = visitor();
    const fan = await addPart(t, { name: 'Refused Fan', available: 5 });
    expect((await guest.checkout('nobody@example.com')).json().error.code).toBe('cart_empty');
    await guest.addToCart(fan.id, 1);
    const noEmail = await guest.call('POST', '/api/checkout', { shippingAddress: ADDRESS });
    expect([noEmail.statusCode, noEmail.json().error.fields]).toEqual([400, { email: 'Email is required' }]);
    expect((await guest.checkout('not-an-email')).json().error.fields).toEqual({
      email: 'Provide a valid email',
    });
    const noAddress = await guest.call('POST', '/api/checkout', { email: 'a@example.com', addressId: 'x' });
    expect([noAddress.statusCode, noAddress.json().error.code]).toEqual([400, 'shipping_address_required']);
    const noCountry = await guest.checkout('a@example.com', { shippingAddress: { ...ADDRESS, country: '' } });
    expect(noCountry.statusCode).toBe(400);
    expect(await stockOf(t, fan.id)).toBe(5);
    // Admins do not buy, signed in or not.
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'a@example.com', shippingAddress: ADDRESS },
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(403);
  });

  it('gives the same order and link back for a retry under the same Idempotency-Key', async () => {
    const guest = visitor();
    const fan = await addPart(t, { name: 'Retried Fan', available: 5 });
    await guest.addToCart(fan.id, 2);
    const first = await guest.checkout('retry@example.com', {}, 'guest-retry-key-1');
    const again = await guest.checkout('retry@example.com', {}, 'guest-retry-key-1');
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json()).toEqual(first.json());
    expect(await stockOf(t, fan.id)).toBe(3);
  });

  it('holds visitors to the unpaid-order cap per email and per client address (429)', async () => {
    const fan = await addPart(t, { name: 'Capped Fan', available: 50 });
    const orderFrom = async (guest: ReturnType<typeof visitor>, email: string) => {
      await guest.addToCart(fan.id, 1);
      return guest.checkout(email);
    };
    // One email, two addresses: the third unpaid order is refused.
    expect((await orderFrom(visitor(), 'capped@example.com')).statusCode).toBe(201);
    expect((await orderFrom(visitor(), 'capped@example.com')).statusCode).toBe(201);
    const third = await orderFrom(visitor(), 'capped@example.com');
    expect([third.statusCode, third.json().error.message]).toEqual([
      429,
      'You have 2 unpaid orders: pay or remove one first',
    ]);
    // One address, new emails each time.
    const shared = visitor();
    expect((await orderFrom(shared, 'one@example.com')).statusCode).toBe(201);
    expect((await orderFrom(shared, 'two@example.com')).statusCode).toBe(201);
    expect((await orderFrom(shared, 'three@example.com')).statusCode).toBe(429);
    expect(await stockOf(t, fan.id)).toBe(46);
  });

  it('limits guest checkouts per client address an hour (429)', async () => {
    const guest = visitor();
    // Four tries an hour (GUEST_ORDERS_PER_CLIENT_PER_HOUR), refused or not; the fifth is 429.
    for (let attempt = 0; attempt < 4; attempt++)
      expect((await guest.checkout('x@example.com')).statusCode).toBe(400);
    const limited = await guest.checkout('x@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('moves a visitor’s orders to the account that signs up with their email, once it is verified', async () => {
    const guest = visitor();
    const fan = await addPart(t, { name: 'Claimed Fan', available: 5 });
    await guest.addToCart(fan.id, 1);
    const { order, orderUrl } = (await guest.checkout('claimer@example.com')).json();
    const account = await signUp(t, { email: 'Claimer@example.com' });
    const mine = customerCalls(t, account.cookie);
    // Typing an address proves nothing: not before it is verified.
    expect((await mine.call('GET', '/api/purchase')).json()).toEqual([]);
    await verifyEmail(t, account.email);
    expect((await mine.call('GET', '/api/purchase')).json()).toEqual([
      expect.objectContaining({ _id: order._id }),
    ]);
    expect((await mine.order(order._id)).statusCode).toBe(200);
    // The link keeps working.
    expect((await visitor().call('GET', orderUrl.replace('/orders/', '/api/purchase/'))).statusCode).toBe(
      200,
    );
  });
});
