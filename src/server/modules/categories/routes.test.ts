import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, parts } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('categories', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'cat-admin@example.com' } });
    admin = await signUpAdmin(t, { email: 'cat-admin@example.com' });
    customer = await signUp(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const categories = async () =>
    (await call('GET', '/api/categories')).json() as { slug: string; name: string; count: number }[];

  it('lists the shop’s categories with the number of parts on sale; the demo uses at least four', async () => {
    const list = await categories();
    expect(list.map((category) => category.slug)).toEqual([
      'batteries-power',
      'storage-memory',
      'screens',
      'keyboards-input',
      'cooling',
      'other-parts',
    ]);
    expect(list.filter((category) => category.count > 0).length).toBeGreaterThanOrEqual(4);
    const total = (await call('GET', '/api/part?limit=100')).headers['x-total-count'];
    expect(list.reduce((sum, category) => sum + category.count, 0)).toBe(Number(total));
  });

  it('lets admins create a category, its address made from the name unless given', async () => {
    const created = await call('POST', '/api/categories', admin.cookie, { name: 'Cables & Adapters' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ slug: 'cables-adapters', name: 'Cables & Adapters', count: 0 });
    const named = await call('POST', '/api/categories', admin.cookie, { name: 'Wi-Fi', slug: 'wireless' });
    expect(named.json().slug).toBe('wireless');
    const again = await call('POST', '/api/categories', admin.cookie, {
      name: 'Cables and adapters',
      slug: 'cables-adapters',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ slug: 'Already used by another category' });
    for (const bad of [
      { name: '   ' },
      { name: '\u202Egnp.exe' },
      { name: 'x'.repeat(61) },
      { name: 'Ok', slug: 'Not A Slug' },
    ]) {
      expect((await call('POST', '/api/categories', admin.cookie, bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await call('POST', '/api/categories', admin.cookie, { name: '!!!' })).statusCode).toBe(400);
  });

  it('renames a category, keeping its address; its parts are found by the new name', async () => {
    await addPart(t, { name: 'USB-C cable 2m', category: 'cables-adapters' });
    const renamed = await call('PATCH', '/api/categories/cables-adapters', admin.cookie, {
      name: 'Leads and Dongles',
    });
    expect(renamed.json()).toEqual({ slug: 'cables-adapters', name: 'Leads and Dongles', count: 1 });
    const found = await call('GET', '/api/part?q=dongles');
    expect(found.json().map((part: { name: string }) => part.name)).toEqual(['USB-C cable 2m']);
    expect((await call('PATCH', '/api/categories/no-such', admin.cookie, { name: 'X' })).statusCode).toBe(
      404,
    );
  });

  it('deletes an empty category, and refuses one that still holds parts, hidden ones too', async () => {
    expect((await call('DELETE', '/api/categories/wireless', admin.cookie)).json()).toEqual({
      deleted: true,
    });
    expect((await categories()).map((category) => category.slug)).not.toContain('wireless');
    const refused = await call('DELETE', '/api/categories/cables-adapters', admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This category still holds 1 part: move them to another category first.',
    );
    await t.database.db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.name, 'USB-C cable 2m'));
    expect((await call('DELETE', '/api/categories/cables-adapters', admin.cookie)).statusCode).toBe(409);
    expect((await call('DELETE', '/api/categories/no-such', admin.cookie)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['category.create', 'category.rename', 'category.delete']),
    );
  });

  it('is changed by admins only', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/categories', { name: 'Sneaky' }],
      ['PATCH', '/api/categories/cooling', { name: 'Sneaky' }],
      ['DELETE', '/api/categories/cooling', undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, customer.cookie, payload)).statusCode).toBe(403);
    }
    expect((await categories()).find((category) => category.slug === 'cooling')?.name).toBe('Cooling');
  });

  it('puts every new part in a category that exists', async () => {
    const body = {
      name: 'Stand',
      price: '19.90',
      minimum: '1',
      available: '5',
      description: 'A laptop stand.',
      img: '/images/parts/laptop-sleeve.svg',
    };
    const missing = await call('POST', '/api/part', admin.cookie, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ category: 'Choose a category' });
    const unknown = await call('POST', '/api/part', admin.cookie, { ...body, category: 'no-such' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ category: 'Choose one of the categories' });
    const created = await call('POST', '/api/part', admin.cookie, { ...body, category: 'other-parts' });
    expect(created.statusCode).toBe(201);
    expect(created.json().category).toBe('other-parts');
    const moved = await call('PATCH', `/api/part/${created.json()._id}`, admin.cookie, {
      category: 'cooling',
    });
    expect(moved.json().category).toBe('cooling');
  });
});
