import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, discountCodes, discountRedemptions } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { ADDRESS } from '../../../../test/support/orders';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { findDiscountCode } from './service';

describe('discount codes (admins)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'discounts-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'discounts-admin@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  let counter = 0;
  const uniqueCode = (prefix = 'CODE') => `${prefix}-${Date.now().toString(36)}-${++counter}`;

  /** `cookie` '': a visitor's request. */
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie: string = admin.cookie,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined && { payload: payload as object }),
    });
  const create = (payload: Record<string, unknown>, cookie: string = admin.cookie) =>
    call('POST', '/api/discounts', cookie, payload);
  const patch = (code: string, payload: unknown, cookie: string = admin.cookie) =>
    call('PATCH', `/api/discounts/${encodeURIComponent(code)}`, cookie, payload);
  const remove = (code: string, cookie: string = admin.cookie) =>
    call('DELETE', `/api/discounts/${encodeURIComponent(code)}`, cookie);
  const setUses = (code: string, uses: number) =>
    t.database.db.update(discountCodes).set({ uses }).where(eq(discountCodes.code, code));

  it('adds a code with its defaults and audits it', async () => {
    const code = uniqueCode('Spring');
    const response = await create({ code: `  ${code} `, kind: 'percent', value: 15 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      code,
      kind: 'percent',
      value: 15,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      uses: 0,
      oncePerCustomer: false,
      categories: [],
      active: true,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount.create'), eq(auditLog.target, code)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorEmail).toBe('discounts-admin@example.com');
  });

  it('adds a code with every field, dates as ISO strings and categories checked', async () => {
    const code = uniqueCode('Full');
    const response = await create({
      code,
      kind: 'amount',
      value: 500,
      minSubtotalCents: 5000,
      startsAt: '2026-12-01T00:00:00+01:00',
      endsAt: '2026-12-31T23:59:00.000Z',
      maxUses: 5,
      oncePerCustomer: true,
      categories: ['screens', 'Cooling', 'screens'],
      uses: 99,
      active: false,
      id: 'ignored',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      code,
      kind: 'amount',
      value: 500,
      minSubtotalCents: 5000,
      startsAt: '2026-11-30T23:00:00.000Z',
      endsAt: '2026-12-31T23:59:00.000Z',
      maxUses: 5,
      uses: 0,
      oncePerCustomer: true,
      categories: ['screens', 'cooling'],
      active: true,
    });
  });

  it('refuses visitors (401) and customers (403) on every route, before the body', async () => {
    const code = uniqueCode();
    await create({ code, kind: 'percent', value: 5 });
    for (const [cookie, status] of [
      ['', 401],
      [customer.cookie, 403],
    ] as const) {
      expect((await call('GET', '/api/discounts', cookie)).statusCode).toBe(status);
      expect((await create({ nonsense: true }, cookie)).statusCode).toBe(status);
      expect((await create({ code: uniqueCode(), kind: 'percent', value: 5 }, cookie)).statusCode).toBe(
        status,
      );
      expect((await patch(code, { value: 50 }, cookie)).statusCode).toBe(status);
      expect((await remove(code, cookie)).statusCode).toBe(status);
    }
    const kept = await findDiscountCode(t.database.db, code);
    expect(kept).toMatchObject({ value: 5, active: true });
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const base = { code: uniqueCode(), kind: 'percent', value: 10 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, code: undefined }, 'code'],
      [{ ...base, code: 'AB' }, 'code'],
      [{ ...base, code: 'A'.repeat(33) }, 'code'],
      [{ ...base, code: 'TEN OFF' }, 'code'],
      [{ ...base, code: 'ÉTÉ10' }, 'code'],
      [{ ...base, kind: 'free' }, 'kind'],
      [{ ...base, kind: undefined }, 'kind'],
      [{ ...base, value: 0 }, 'value'],
      [{ ...base, value: 101 }, 'value'],
      [{ ...base, value: 10.5 }, 'value'],
      [{ ...base, value: '10' }, 'value'],
      [{ ...base, kind: 'amount', value: 100_000_001 }, 'value'],
      [{ ...base, minSubtotalCents: -1 }, 'minSubtotalCents'],
      [{ ...base, minSubtotalCents: 1.5 }, 'minSubtotalCents'],
      [{ ...base, startsAt: 'tomorrow' }, 'startsAt'],
      [{ ...base, endsAt: '2026-13-01T00:00:00Z' }, 'endsAt'],
      [{ ...base, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
      [{ ...base, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-02T00:00:00Z' }, 'endsAt'],
      [{ ...base, maxUses: 0 }, 'maxUses'],
      [{ ...base, maxUses: 2.5 }, 'maxUses'],
      [{ ...base, oncePerCustomer: 'yes' }, 'oncePerCustomer'],
      [{ ...base, categories: 'screens' }, 'categories'],
      [{ ...base, categories: ['screens', 'no-such-category'] }, 'categories'],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      const label = JSON.stringify(payload).slice(0, 120);
      expect(response.statusCode, label).toBe(400);
      expect(response.json().error.code, label).toBe('validation_failed');
      expect(
        Object.keys(response.json().error.fields ?? {}).map((key) => key.split('.')[0]),
        label,
      ).toContain(field);
    }
    const unknown = await create({ ...base, categories: ['no-such-category'] });
    expect(unknown.json().error.message).toContain('no-such-category');
    expect(await findDiscountCode(t.database.db, base.code)).toBeNull();
  });

  it('refuses a code that exists in another case with 409', async () => {
    const code = uniqueCode('Summer');
    expect((await create({ code, kind: 'percent', value: 10 })).statusCode).toBe(201);
    const again = await create({ code: code.toLowerCase(), kind: 'amount', value: 100 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'discount_code_exists',
      message: 'A code with this name already exists',
      fields: { code: 'A code with this name already exists' },
    });
  });

  it('finds a code in any case (findDiscountCode), and null for none', async () => {
    const code = uniqueCode('Find');
    await create({ code, kind: 'percent', value: 20 });
    const found = await findDiscountCode(t.database.db, code.toLowerCase());
    expect(found).toMatchObject({ code, kind: 'percent', value: 20, uses: 0, active: true });
    expect(found!.id).toEqual(expect.any(String));
    expect(await findDiscountCode(t.database.db, ` ${code.toUpperCase()} `)).toMatchObject({ code });
    expect(await findDiscountCode(t.database.db, 'NO-SUCH-CODE')).toBeNull();
  });

  it('changes fields of a code found in any case, never its code or uses, and audits it', async () => {
    const code = uniqueCode('Edit');
    await create({ code, kind: 'percent', value: 10, maxUses: 10 });
    const response = await patch(code.toLowerCase(), {
      kind: 'amount',
      value: 2500,
      minSubtotalCents: 10_000,
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2027-01-01T00:00:00Z',
      maxUses: null,
      oncePerCustomer: true,
      categories: ['batteries-power'],
      active: false,
      code: 'RENAMED',
      uses: 7,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code,
      kind: 'amount',
      value: 2500,
      minSubtotalCents: 10_000,
      startsAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2027-01-01T00:00:00.000Z',
      maxUses: null,
      uses: 0,
      oncePerCustomer: true,
      categories: ['batteries-power'],
      active: false,
    });
    const again = await patch(code, { active: true, startsAt: null });
    expect(again.json()).toMatchObject({ active: true, startsAt: null, endsAt: '2027-01-01T00:00:00.000Z' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount.update'), eq(auditLog.target, code)));
    expect(audit).toHaveLength(2);
  });

  it('checks the code a change makes whole (400 naming the field)', async () => {
    const code = uniqueCode('Whole');
    await create({ code, kind: 'amount', value: 5000, endsAt: '2027-01-01T00:00:00Z' });
    const cases: [unknown, string][] = [
      [{ kind: 'percent' }, 'value'],
      [{ value: 0 }, 'value'],
      [{ startsAt: '2027-02-01T00:00:00Z' }, 'endsAt'],
      [{ active: 'no' }, 'active'],
      [{ categories: ['nowhere'] }, 'categories'],
      [{}, 'body'],
      [{ code: 'OTHER', uses: 3 }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const response = await patch(code, payload);
      const label = JSON.stringify(payload);
      expect(response.statusCode, label).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), label).toContain(field);
    }
    expect(await findDiscountCode(t.database.db, code)).toMatchObject({ kind: 'amount', value: 5000 });
    // Both changed together make a good code.
    expect((await patch(code, { kind: 'percent', value: 50 })).statusCode).toBe(200);
  });

  it('refuses a use limit below the uses already counted (400), and accepts one equal to them', async () => {
    const code = uniqueCode('Limit');
    await create({ code, kind: 'percent', value: 10 });
    await setUses(code, 3);
    const below = await patch(code, { maxUses: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.fields).toEqual({
      maxUses: 'Maximum uses cannot be below the 3 uses already counted',
    });
    const equal = await patch(code, { maxUses: 3 });
    expect(equal.statusCode).toBe(200);
    expect(equal.json()).toMatchObject({ maxUses: 3, uses: 3 });
  });

  it('answers 404 for a code it does not have', async () => {
    const changed = await patch('NO-SUCH-CODE', { value: 5 });
    expect(changed.statusCode).toBe(404);
    expect(changed.json().error.code).toBe('not_found');
    expect((await remove('NO-SUCH-CODE')).statusCode).toBe(404);
    expect((await patch('x'.repeat(100), { value: 5 })).statusCode).toBe(400);
  });

  it('deletes a code never used (204), in any case, and audits it', async () => {
    const code = uniqueCode('Gone');
    await create({ code, kind: 'percent', value: 10 });
    const response = await remove(code.toUpperCase());
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await findDiscountCode(t.database.db, code)).toBeNull();
    expect((await remove(code)).statusCode).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discount.delete'), eq(auditLog.target, code)));
    expect(audit).toHaveLength(1);
  });

  it('deactivates a used code instead of deleting it (200 saying so)', async () => {
    const code = uniqueCode('Used');
    await create({ code, kind: 'percent', value: 10 });
    await setUses(code, 2);
    const response = await remove(code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code,
      deleted: false,
      deactivated: true,
      message: `${code} was already used, so it was deactivated rather than deleted.`,
    });
    expect(await findDiscountCode(t.database.db, code)).toMatchObject({ active: false, uses: 2 });
  });

  it('deactivates a code named on an order even when its uses were given back', async () => {
    const code = uniqueCode('Redeemed');
    await create({ code, kind: 'percent', value: 10 });
    const part = await addPart(t, { available: 5 });
    const order = await call('POST', '/api/purchase', customer.cookie, {
      purchaseId: part.id,
      quantity: 1,
      shippingAddress: ADDRESS,
    });
    expect(order.statusCode).toBe(201);
    const row = await findDiscountCode(t.database.db, code);
    await t.database.db
      .insert(discountRedemptions)
      .values({ orderId: order.json().order._id, discountCodeId: row!.id, email: customer.email });
    const response = await remove(code);
    expect(response.statusCode).toBe(200);
    expect(response.json().deactivated).toBe(true);
    expect(await findDiscountCode(t.database.db, code)).toMatchObject({ active: false, uses: 0 });
  });

  it('lists codes newest first, paged with X-Total-Count and Link', async () => {
    const { db } = t.database;
    await db.delete(discountRedemptions);
    await db.delete(discountCodes);
    const names = ['PAGE-A', 'PAGE-B', 'PAGE-C', 'PAGE-D', 'PAGE-E'];
    for (const [index, code] of names.entries()) {
      await db.insert(discountCodes).values({
        code,
        kind: 'amount',
        value: 100 + index,
        createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
        endsAt: new Date('2027-01-01T00:00:00Z'),
      });
    }
    const first = await call('GET', '/api/discounts?limit=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.json().map((code: { code: string }) => code.code)).toEqual(['PAGE-E', 'PAGE-D']);
    expect(first.json()[0]).toEqual({
      code: 'PAGE-E',
      kind: 'amount',
      value: 104,
      minSubtotalCents: 0,
      startsAt: null,
      endsAt: '2027-01-01T00:00:00.000Z',
      maxUses: null,
      uses: 0,
      oncePerCustomer: false,
      categories: [],
      active: true,
    });
    const link = String(first.headers.link);
    expect(link).toContain('</api/discounts?page=2&limit=2>; rel="next"');
    expect(link).toContain('</api/discounts?page=3&limit=2>; rel="last"');
    expect(link).not.toContain('rel="prev"');

    const last = await call('GET', '/api/discounts?page=3&limit=2');
    expect(last.json().map((code: { code: string }) => code.code)).toEqual(['PAGE-A']);
    expect(String(last.headers.link)).toContain('</api/discounts?page=2&limit=2>; rel="prev"');

    const all = await call('GET', '/api/discounts');
    expect(all.json()).toHaveLength(5);
    expect(all.headers.link).toBeUndefined();

    for (const bad of ['page=0', 'limit=0', 'limit=101', 'page=x']) {
      const response = await call('GET', `/api/discounts?${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(Object.keys(response.json().error.fields), bad).toEqual([bad.split('=')[0]]);
    }
  });
});
