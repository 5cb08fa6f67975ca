import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, shippingMethods, taxRates } from '#server/db/schema.ts';
import { signUp } from '../../../../test/support/auth';
import { addPart, stockOf } from '../../../../test/support/catalog';
import { ADDRESS, customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

/** An order's money from the outside: codes, methods and tax, worked by hand. */
describe('checkout’s money: discount codes, shipping methods and tax', () => {
  let t: TestApp;
  let standard: string;
  let express: string;
  let ukOnly: string;
  const CALIFORNIA = { ...ADDRESS, country: 'US', region: 'CA', postalCode: '94105' };
  const BRITAIN = { ...ADDRESS, country: 'GB', postalCode: 'SW1A 1AA' };

  beforeAll(async () => {
    // 30 buyers and more sign up from one test client.
    t = await createTestApp({
      seed: false,
      env: { SIGN_UPS_PER_CLIENT: '100', SIGN_IN_ATTEMPTS_PER_CLIENT: '100' },
    });
    const db = t.database.db;
    const methods = await db
      .insert(shippingMethods)
      .values([
        { name: 'Standard', priceCents: 499, freeOverCents: 10_000, days: '3–5 business days' },
        { name: 'Express', priceCents: 1499, days: '1–2 business days' },
        { name: 'Royal Mail', priceCents: 299, countries: ['GB'], days: '2–3 business days' },
      ])
      .returning();
    [standard, express, ukOnly] = methods.map((method) => method.id) as [string, string, string];
    await db.insert(taxRates).values([
      { country: 'US', region: 'CA', rateMilli: 7250 },
      { country: 'US', region: '', rateMilli: 5000 },
      { country: 'GB', rateMilli: 20_000, appliesToShipping: true },
    ]);
  });
  afterAll(() => t.close());

  const addCode = async (values: Partial<typeof discountCodes.$inferInsert> & { code: string }) => {
    const [row] = await t.database.db
      .insert(discountCodes)
      .values({ kind: 'percent', value: 10, ...values })
      .returning();
    return row!;
  };
  const buyer = async () => customerCalls(t, (await signUp(t)).cookie);

  it('charges a code, a method and the region’s tax, and asks the provider for exactly the total', async () => {
    await addCode({ code: 'Welcome10' });
    const ada = await buyer();
    const battery = await addPart(t, { priceCents: 4999, category: 'batteries-power' });
    const fan = await addPart(t, { priceCents: 1500, category: 'cooling' });
    await ada.addToCart(battery.id, 1);
    await ada.addToCart(fan.id, 1);
    const applied = await ada.call('PUT', '/api/cart/discount', { code: '  welcome10 ' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      subtotalCents: 6499,
      discountCents: 650,
      discountCode: { code: 'Welcome10', kind: 'percent', value: 10, problem: null },
      shippingCents: null,
      taxCents: null,
      totalCents: 5849,
    });
    // With the address and Standard known, the cart shows what the order will cost.
    const priced = (
      await ada.call('GET', `/api/cart?country=US&region=CA&shippingMethodId=${standard}`)
    ).json();
    // Discounts 5.00 and 1.50; tax 7.25 % of 44.99 (3.26) and of 13.50 (0.98); Standard 4.99, untaxed.
    expect(priced).toMatchObject({
      subtotalCents: 6499,
      discountCents: 650,
      shippingCents: 499,
      taxCents: 424,
      totalCents: 6499 - 650 + 499 + 424,
    });
    const placed = await ada.call('POST', '/api/checkout', {
      shippingAddress: CALIFORNIA,
      shippingMethodId: standard,
    });
    expect(placed.statusCode).toBe(201);
    const { order } = placed.json();
    expect(order).toMatchObject({
      subtotalCents: 6499,
      discountCents: 650,
      shippingCents: 499,
      taxCents: 424,
      totalCents: 6772,
      total: 67.72,
      shippingMethod: 'Standard',
      discountCode: 'Welcome10',
      pricesIncludeTax: false,
    });
    const intent = await ada.intent(order._id);
    expect(intent.json().amountCents).toBe(6772);
    expect((await ada.pay(order._id)).statusCode).toBe(200);
    // The cart and its code are gone with the order.
    expect((await ada.call('GET', '/api/cart')).json()).toMatchObject({ items: [], discountCode: null });
  });

  it('taxes shipping where the rate says so, and refuses a method that does not ship to the country', async () => {
    const bea = await buyer();
    const screen = await addPart(t, { priceCents: 2599, category: 'screens' });
    await bea.addToCart(screen.id, 1);
    const refused = await bea.call('POST', '/api/checkout', {
      shippingAddress: CALIFORNIA,
      shippingMethodId: ukOnly,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'shipping_method_unavailable',
      fields: { shippingMethodId: 'Choose a shipping method that ships to United States.' },
    });
    const placed = (
      await bea.call('POST', '/api/checkout', { shippingAddress: BRITAIN, shippingMethodId: express })
    ).json().order;
    // 20 % of 25.99 is 5.198 → 5.20; of 14.99 is 2.998 → 3.00.
    expect(placed).toMatchObject({
      subtotalCents: 2599,
      shippingCents: 1499,
      taxCents: 820,
      totalCents: 4918,
    });
  });

  it('lists the methods for a country with their price for the cart, free once over the threshold', async () => {
    const cy = await buyer();
    const ssd = await addPart(t, { priceCents: 12_000 });
    await cy.addToCart(ssd.id, 1);
    const forGb = (await cy.call('GET', '/api/shipping-methods?country=GB')).json();
    expect(
      forGb.map((method: { name: string; priceCents: number }) => [method.name, method.priceCents]),
    ).toEqual([
      ['Standard', 0],
      ['Royal Mail', 299],
      ['Express', 1499],
    ]);
    const forUs = (await t.app.inject({ method: 'GET', url: '/api/shipping-methods?country=US' })).json();
    expect(forUs.map((method: { name: string }) => method.name)).toEqual(['Standard', 'Express']);
    // Left out, the method is the cheapest that ships there (Standard, free over $100).
    const placed = (await cy.call('POST', '/api/checkout', { shippingAddress: ADDRESS })).json().order;
    expect(placed).toMatchObject({ shippingMethod: 'Standard', shippingCents: 0, totalCents: 12_000 });
  });

  it('says why a code cannot be used', async () => {
    const now = Date.now();
    await addCode({ code: 'LATER', startsAt: new Date(now + 86_400_000) });
    await addCode({ code: 'OVER', endsAt: new Date(now - 1000) });
    await addCode({ code: 'OFF', active: false });
    await addCode({ code: 'GONE', maxUses: 1, uses: 1 });
    await addCode({ code: 'BIG', minSubtotalCents: 50_000 });
    await addCode({ code: 'SCREENS', categories: ['screens'] });
    const dee = await buyer();
    expect((await dee.call('PUT', '/api/cart/discount', { code: 'BIG' })).json().error.code).toBe(
      'cart_empty',
    );
    const fan = await addPart(t, { priceCents: 1500, category: 'cooling' });
    await dee.addToCart(fan.id, 1);
    const tries = {
      NOPE: [400, 'This code does not exist. Check how it is spelled.'],
      LATER: [400, expect.stringMatching(/^This code can be used from \d{4}-\d{2}-\d{2}\.$/)],
      OVER: [400, 'This code has ended.'],
      OFF: [400, 'This code has ended.'],
      GONE: [409, 'This code has been used up'],
      BIG: [400, 'This code needs a subtotal of at least $500.00.'],
      SCREENS: [400, 'This code is not for the parts in your cart.'],
    };
    for (const [code, [status, message]] of Object.entries(tries)) {
      const refused = await dee.call('PUT', '/api/cart/discount', { code });
      expect([code, refused.statusCode, refused.json().error.fields]).toEqual([
        code,
        status,
        { code: message },
      ]);
    }
    expect((await dee.call('PUT', '/api/cart/discount', { code: '' })).statusCode).toBe(400);
    expect((await dee.call('GET', '/api/cart')).json().discountCode).toBeNull();
    // A visitor without a cart has nothing to take money off either.
    const visitor = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/discount',
      payload: { code: 'BIG' },
    });
    expect(visitor.json().error.code).toBe('cart_empty');
  });

  it('shares an amount off among the lines of its categories only, and drops it when the cart no longer qualifies', async () => {
    await addCode({
      code: 'SCREEN5',
      kind: 'amount',
      value: 500,
      categories: ['screens'],
      minSubtotalCents: 3000,
    });
    const eve = await buyer();
    const panel = await addPart(t, { priceCents: 2000, category: 'screens' });
    const fan = await addPart(t, { priceCents: 1500, category: 'cooling' });
    await eve.addToCart(panel.id, 1);
    await eve.addToCart(fan.id, 1);
    expect((await eve.call('PUT', '/api/cart/discount', { code: 'screen5' })).json()).toMatchObject({
      discountCents: 500,
      totalCents: 3000,
    });
    // Below the code's minimum now: it stays on the cart, says why, and takes nothing off.
    await eve.call('DELETE', `/api/cart/items/${fan.id}`);
    expect((await eve.call('GET', '/api/cart')).json()).toMatchObject({
      discountCents: 0,
      discountCode: { code: 'SCREEN5', problem: 'This code needs a subtotal of at least $30.00.' },
    });
    // …and checkout refuses the cart until it is removed or the cart qualifies again.
    const refused = await eve.call('POST', '/api/checkout', { shippingAddress: ADDRESS });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.code).toBe('This code needs a subtotal of at least $30.00.');
    expect(await stockOf(t, panel.id)).toBe(10);
    expect((await eve.call('DELETE', '/api/cart/discount')).json().discountCode).toBeNull();
    expect((await eve.call('POST', '/api/checkout', { shippingAddress: ADDRESS })).statusCode).toBe(201);
  });

  it('counts a code once per customer where it says so, for BUY NOW and the cart alike', async () => {
    await addCode({ code: 'ONCE', oncePerCustomer: true });
    const fay = await buyer();
    const part = await addPart(t, { priceCents: 1000, available: 20 });
    await fay.addToCart(part.id, 1);
    await fay.call('PUT', '/api/cart/discount', { code: 'ONCE' });
    const first = (await fay.checkout()).json().order;
    expect(first.discountCents).toBe(100);
    await fay.addToCart(part.id, 1);
    const again = await fay.call('PUT', '/api/cart/discount', { code: 'ONCE' });
    expect(again.json().error.fields.code).toBe('You have already used this code.');
    // Removing the unpaid order gives the use back.
    expect((await fay.remove(first._id)).statusCode).toBe(200);
    expect((await fay.call('PUT', '/api/cart/discount', { code: 'ONCE' })).statusCode).toBe(200);
  });

  it('with maxUses 5 and 30 buyers at once, exactly 5 orders carry the code; the others get 409 with nothing placed', async () => {
    const code = await addCode({ code: 'FIVE', maxUses: 5 });
    const part = await addPart(t, { priceCents: 2000, available: 100 });
    const buyers = [];
    for (let i = 0; i < 30; i++) {
      const one = await buyer();
      buyers.push(one);
      await one.addToCart(part.id, 1);
      expect((await one.call('PUT', '/api/cart/discount', { code: 'FIVE' })).statusCode).toBe(200);
    }
    const answers = await Promise.all(buyers.map((one) => one.checkout()));
    const placed = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      ...Array(5).fill(201),
      ...Array(25).fill(409),
    ]);
    for (const answer of placed)
      expect(answer.json().order).toMatchObject({ discountCode: 'FIVE', discountCents: 200 });
    for (const answer of refused) expect(answer.json().error.message).toBe('This code has been used up');
    expect(await stockOf(t, part.id)).toBe(95);
    const [after] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(after!.uses).toBe(5);
    // An unpaid order removed gives one use back.
    const first = placed[0]!.json().order;
    const owner = buyers[answers.indexOf(placed[0]!)]!;
    await owner.remove(first._id);
    const [given] = await t.database.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(given!.uses).toBe(4);
    // Thirty sign-ups (a password hash each) take most of the time.
  }, 120_000);
});
