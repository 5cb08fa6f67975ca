import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '#server/db/schema.ts';
import type { ShippingMethod } from '#shared/contracts/shipping-method.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { customerCalls } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { listShippingMethods } from './service';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('shipping methods', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'ship-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'ship-admin@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const add = (payload: object) => call('POST', '/api/shipping-methods', admin.cookie, payload);
  const names = async (query = '') =>
    ((await call('GET', `/api/shipping-methods${query}`)).json() as ShippingMethod[]).map(
      (method) => method.name,
    );

  it('lists the demo methods to anyone, cheapest first, with the price in dollars beside the cents', async () => {
    const response = await call('GET', '/api/shipping-methods');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: expect.any(String),
        name: 'Standard',
        priceCents: 499,
        price: 4.99,
        freeOverCents: 10_000,
        countries: [],
        days: '3–5 business days',
      },
      {
        id: expect.any(String),
        name: 'Express',
        priceCents: 1499,
        price: 14.99,
        freeOverCents: null,
        countries: [],
        days: '1–2 business days',
      },
    ]);
  });

  it('lets an admin add a method; codes are upper-cased and kept once, left-out fields take their defaults', async () => {
    const created = await add({
      name: '  Royal Mail Tracked ',
      priceCents: '399',
      countries: ['gb', ' IE', 'GB'],
      role: 'admin',
      id: UNKNOWN_ID,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.not.stringMatching(UNKNOWN_ID),
      name: 'Royal Mail Tracked',
      priceCents: 399,
      price: 3.99,
      freeOverCents: null,
      countries: ['GB', 'IE'],
      days: '',
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, created.json().id));
    expect(audit).toMatchObject({ action: 'shipping.create', actorEmail: 'ship-admin@example.com' });
  });

  it('lists the methods serving a country: those for everywhere and those naming it, by price then name', async () => {
    await add({ name: 'DHL Paket', priceCents: 399, countries: ['DE', 'AT'], days: '2–3 business days' });
    await add({ name: 'a cheap courier', priceCents: 399, countries: ['GB'] });
    expect(await names('?country=GB')).toEqual([
      'a cheap courier',
      'Royal Mail Tracked',
      'Standard',
      'Express',
    ]);
    expect(await names('?country=de')).toEqual(['DHL Paket', 'Standard', 'Express']);
    expect(await names('?country=US')).toEqual(['Standard', 'Express']);
    expect(await names()).toEqual([
      'a cheap courier',
      'DHL Paket',
      'Royal Mail Tracked',
      'Standard',
      'Express',
    ]);
    const rows = await listShippingMethods(t.database.db, { country: 'AT' });
    expect(rows.map((row) => row.name)).toEqual(['DHL Paket', 'Standard', 'Express']);
    // DHL Paket lists its countries (AT, not FR); Standard lists none, so it serves both.
    const forFrance = (await listShippingMethods(t.database.db, { country: 'FR' })).map((row) => row.name);
    expect(forFrance).not.toContain('DHL Paket');
    expect(forFrance).toContain('Standard');
  });

  it('answers a country code that is none with 400 naming the country', async () => {
    for (const country of ['XX', 'GBR', '1', '']) {
      const response = await call('GET', `/api/shipping-methods?country=${country}`);
      expect(response.statusCode, country).toBe(400);
      expect(Object.keys(response.json().error.fields), country).toEqual(['country']);
    }
  });

  it('refuses a name another method has, in any case, with 409 on the name', async () => {
    const again = await add({ name: 'standard', priceCents: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'shipping_method_exists',
      message: 'A shipping method called "standard" already exists.',
      fields: { name: 'Already used by another shipping method' },
    });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ priceCents: 100 }, 'name'],
      [{ name: '   ', priceCents: 100 }, 'name'],
      [{ name: 'x'.repeat(61), priceCents: 100 }, 'name'],
      [{ name: '\u202Egnp.exe', priceCents: 100 }, 'name'],
      [{ name: 'No price' }, 'priceCents'],
      [{ name: 'Negative', priceCents: -1 }, 'priceCents'],
      [{ name: 'Fraction', priceCents: 4.5 }, 'priceCents'],
      [{ name: 'Dollars', priceCents: '4.99' }, 'priceCents'],
      [{ name: 'Too dear', priceCents: 100_000_001 }, 'priceCents'],
      [{ name: 'Free', priceCents: 100, freeOverCents: -5 }, 'freeOverCents'],
      [{ name: 'Free', priceCents: 100, freeOverCents: 1.5 }, 'freeOverCents'],
      [{ name: 'Where', priceCents: 100, countries: ['XX'] }, 'countries'],
      [{ name: 'Where', priceCents: 100, countries: 'GB' }, 'countries'],
      [{ name: 'Where', priceCents: 100, countries: ['GBR'] }, 'countries.0'],
      [{ name: 'Where', priceCents: 100, countries: Array.from({ length: 251 }, () => 'GB') }, 'countries'],
      [{ name: 'When', priceCents: 100, days: 'd'.repeat(61) }, 'days'],
    ];
    for (const [body, field] of cases) {
      const response = await add(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const unknown = await add({ name: 'Where', priceCents: 100, countries: ['GB', 'ZZ'] });
    expect(unknown.json().error.fields).toEqual({ countries: 'ZZ is not a country code' });
    expect(await t.database.db.$count(auditLog, eq(auditLog.action, 'shipping.create'))).toBe(3);
  });

  it('changes only the fields sent; a free-over amount can be taken away again', async () => {
    const standard = ((await call('GET', '/api/shipping-methods')).json() as ShippingMethod[]).find(
      (method) => method.name === 'Standard',
    );
    const changed = await call('PATCH', `/api/shipping-methods/${standard!.id}`, admin.cookie, {
      priceCents: 599,
      countries: ['us', 'CA'],
      price: 0,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...standard,
      priceCents: 599,
      price: 5.99,
      countries: ['US', 'CA'],
    });
    const never = await call('PATCH', `/api/shipping-methods/${standard!.id}`, admin.cookie, {
      freeOverCents: null,
      countries: [],
    });
    expect(never.json()).toMatchObject({ freeOverCents: null, countries: [], days: '3–5 business days' });
    expect(await names('?country=FR')).toContain('Standard');
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'shipping.update'))
      .orderBy(auditLog.createdAt)
      .limit(1);
    expect(audit).toMatchObject({
      target: standard!.id,
      details: { priceCents: 599, countries: ['US', 'CA'] },
    });
  });

  it('refuses a change to nothing, to a taken name (409) and to a method that does not exist (404)', async () => {
    const [first, second] = (await call('GET', '/api/shipping-methods')).json() as ShippingMethod[];
    const url = `/api/shipping-methods/${first!.id}`;
    expect((await call('PATCH', url, admin.cookie, {})).statusCode).toBe(400);
    const bad = await call('PATCH', url, admin.cookie, { priceCents: -1 });
    expect(bad.json().error.fields).toHaveProperty('priceCents');
    const taken = await call('PATCH', url, admin.cookie, { name: second!.name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ name: 'Already used by another shipping method' });
    // Its own name, in another case, is no conflict.
    const renamed = await call('PATCH', url, admin.cookie, { name: first!.name.toUpperCase() });
    expect(renamed.json().name).toBe(first!.name.toUpperCase());
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      const missing = await call('PATCH', `/api/shipping-methods/${id}`, admin.cookie, { priceCents: 1 });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.message).toBe('Shipping method was not found.');
      expect((await call('DELETE', `/api/shipping-methods/${id}`, admin.cookie)).statusCode, id).toBe(404);
    }
  });

  it('deletes a method that orders used: they keep its name, their link to it is cleared', async () => {
    const method = (await add({ name: 'Doomed', priceCents: 250 })).json() as ShippingMethod;
    const part = await addPart(t, { available: 5 });
    const bought = await customerCalls(t, customer.cookie).buy(part.id, 1);
    const orderId = bought.json().order._id as string;
    await t.database.db
      .update(orders)
      .set({ shippingMethodId: method.id, shippingMethodName: method.name })
      .where(eq(orders.id, orderId));

    const deleted = await call('DELETE', `/api/shipping-methods/${method.id}`, admin.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await names()).not.toContain('Doomed');
    const [order] = await t.database.db
      .select({ id: orders.shippingMethodId, name: orders.shippingMethodName })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(order).toEqual({ id: null, name: 'Doomed' });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'shipping.delete'));
    expect(audit).toMatchObject({ target: method.id, details: { name: 'Doomed' } });
    expect((await call('DELETE', `/api/shipping-methods/${method.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it('keeps the changes to admins: 401 signed out, 403 for customers, before the body is read', async () => {
    const [first] = (await call('GET', '/api/shipping-methods')).json() as ShippingMethod[];
    const url = `/api/shipping-methods/${first!.id}`;
    for (const [cookie, status] of [
      [undefined, 401],
      [customer.cookie, 403],
    ] as const) {
      expect(
        (await call('POST', '/api/shipping-methods', cookie, { name: 'Mine', priceCents: 0 })).statusCode,
      ).toBe(status);
      expect((await call('POST', '/api/shipping-methods', cookie, { bogus: true })).statusCode).toBe(status);
      expect((await call('PATCH', url, cookie, { priceCents: 0 })).statusCode).toBe(status);
      expect((await call('DELETE', url, cookie)).statusCode).toBe(status);
    }
    expect(await names()).toContain(first!.name);
    expect((await call('GET', '/api/shipping-methods', customer.cookie)).statusCode).toBe(200);
  });
});
