import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import type { TaxRate } from '#shared/contracts/tax-rate.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { taxRateFor } from './service';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('tax rates', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'tax-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'tax-admin@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const set = (payload: object) => call('POST', '/api/tax-rates', admin.cookie, payload);
  const rates = async () => (await call('GET', '/api/tax-rates', admin.cookie)).json() as TaxRate[];
  const place = ({ country, region, rate, appliesToShipping }: TaxRate) => ({
    country,
    region,
    rate,
    appliesToShipping,
  });

  it('lists the demo rates to admins as percentages, by country', async () => {
    const response = await call('GET', '/api/tax-rates', admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(String), country: 'DE', region: '', rate: 19, appliesToShipping: false },
      { id: expect.any(String), country: 'GB', region: '', rate: 20, appliesToShipping: true },
      { id: expect.any(String), country: 'US', region: 'CA', rate: 7.25, appliesToShipping: false },
    ]);
  });

  it('sets a new rate (201), a rate as text or a number with up to three decimals, codes upper-cased', async () => {
    const created = await set({ country: 'us', region: 'ny', rate: '4.375', id: UNKNOWN_ID, rateMilli: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.not.stringMatching(UNKNOWN_ID),
      country: 'US',
      region: 'NY',
      rate: 4.375,
      appliesToShipping: false,
    });
    const whole = await set({ country: 'US', rate: 0.5, appliesToShipping: true });
    expect(whole.statusCode).toBe(201);
    expect(place(whole.json())).toEqual({ country: 'US', region: '', rate: 0.5, appliesToShipping: true });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'US-NY'));
    expect(audit).toMatchObject({
      action: 'tax.set',
      actorEmail: 'tax-admin@example.com',
      details: { rateMilli: 4375, appliesToShipping: false, created: true },
    });
  });

  it('replaces the rate of a place that has one (200): one rate per country and region', async () => {
    const before = (await rates()).find((rate) => rate.country === 'GB')!;
    const replaced = await set({ country: 'GB', rate: '17.5', appliesToShipping: false });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ ...before, rate: 17.5, appliesToShipping: false });
    expect((await rates()).filter((rate) => rate.country === 'GB')).toHaveLength(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'GB'))
      .orderBy(auditLog.createdAt);
    expect(audit!.details).toEqual({ rateMilli: 17_500, appliesToShipping: false, created: false });
    // Two admins at once still leave one rate.
    const both = await Promise.all([set({ country: 'FR', rate: 20 }), set({ country: 'FR', rate: 5.5 })]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect((await rates()).filter((rate) => rate.country === 'FR')).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ rate: 5 }, 'country'],
      [{ country: 'XX', rate: 5 }, 'country'],
      [{ country: 'GBR', rate: 5 }, 'country'],
      [{ country: 'US', region: 'ZZ', rate: 5 }, 'region'],
      [{ country: 'DE', region: 'BY', rate: 5 }, 'region'],
      [{ country: 'US' }, 'rate'],
      [{ country: 'US', rate: -1 }, 'rate'],
      [{ country: 'US', rate: 100.001 }, 'rate'],
      [{ country: 'US', rate: '101' }, 'rate'],
      [{ country: 'US', rate: '7.2555' }, 'rate'],
      [{ country: 'US', rate: 'seven' }, 'rate'],
      [{ country: 'US', rate: '' }, 'rate'],
      [{ country: 'US', rate: true }, 'rate'],
      [{ country: 'US', rate: 5, appliesToShipping: 'yes' }, 'appliesToShipping'],
    ];
    for (const [body, field] of cases) {
      const response = await set(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const region = await set({ country: 'US', region: 'ZZ', rate: 5 });
    expect(region.json().error.fields).toEqual({ region: 'ZZ is not a region of US' });
    const rate = await set({ country: 'US', rate: '7.2555' });
    expect(rate.json().error.fields).toEqual({
      rate: 'Rate is a percentage from 0 to 100 with at most three decimals, such as 7.25',
    });
    // The edges are fine: no tax at all, and 100 %.
    expect((await set({ country: 'HK', rate: 0 })).statusCode).toBe(201);
    expect((await set({ country: 'HK', rate: '100' })).json().rate).toBe(100);
  });

  it('finds an address’s rate: its region’s when it has one, else its country’s, else none', async () => {
    const db = t.database.db;
    // US has 0.5 % for the whole country (set above), 4.375 % in NY and 7.25 % in CA.
    expect(await taxRateFor(db, { country: 'US', region: 'NY' })).toEqual({
      rateMilli: 4375,
      appliesToShipping: false,
    });
    expect(await taxRateFor(db, { country: 'US', region: 'CA' })).toEqual({
      rateMilli: 7250,
      appliesToShipping: false,
    });
    expect(await taxRateFor(db, { country: 'US', region: 'TX' })).toEqual({
      rateMilli: 500,
      appliesToShipping: true,
    });
    expect(await taxRateFor(db, { country: 'US', region: '' })).toEqual({
      rateMilli: 500,
      appliesToShipping: true,
    });
    expect(await taxRateFor(db, { country: 'DE', region: '' })).toEqual({
      rateMilli: 19_000,
      appliesToShipping: false,
    });
    expect(await taxRateFor(db, { country: 'IT', region: '' })).toBeNull();
    // A region with a rate in a country without one: only that region is taxed.
    await set({ country: 'CA', region: 'ON', rate: 13, appliesToShipping: true });
    expect(await taxRateFor(db, { country: 'CA', region: 'ON' })).toEqual({
      rateMilli: 13_000,
      appliesToShipping: true,
    });
    expect(await taxRateFor(db, { country: 'CA', region: 'QC' })).toBeNull();
  });

  it('deletes a rate; 404 for one that does not exist', async () => {
    const germany = (await rates()).find((rate) => rate.country === 'DE')!;
    const deleted = await call('DELETE', `/api/tax-rates/${germany.id}`, admin.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await rates()).map((rate) => rate.country)).not.toContain('DE');
    expect(await taxRateFor(t.database.db, { country: 'DE', region: '' })).toBeNull();
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'tax.delete'));
    expect(audit).toMatchObject({ target: 'DE', details: { rateMilli: 19_000 } });
    for (const id of [germany.id, UNKNOWN_ID, 'nope']) {
      const missing = await call('DELETE', `/api/tax-rates/${id}`, admin.cookie);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.message).toBe('Tax rate was not found.');
    }
  });

  it('is for admins only: 401 signed out, 403 for customers, before the body is read', async () => {
    const [first] = await rates();
    for (const [cookie, status] of [
      [undefined, 401],
      [customer.cookie, 403],
    ] as const) {
      expect((await call('GET', '/api/tax-rates', cookie)).statusCode).toBe(status);
      expect((await call('POST', '/api/tax-rates', cookie, { country: 'US', rate: 1 })).statusCode).toBe(
        status,
      );
      expect((await call('POST', '/api/tax-rates', cookie, { rate: 'lots' })).statusCode).toBe(status);
      expect((await call('DELETE', `/api/tax-rates/${first!.id}`, cookie)).statusCode).toBe(status);
    }
    expect((await rates())[0]).toEqual(first);
  });
});
