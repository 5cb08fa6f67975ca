import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('user list (Manage All User)', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'chief@example.com' } });
    admin = await signUpAdmin(t, { email: 'chief@example.com' });
    customer = await signUp(t, { email: 'carol@example.com' });
  });
  afterAll(() => t.close());

  const list = (query: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/api/user${query}`, headers: cookie ? { cookie } : {} });

  it('is refused to anonymous callers (401) and customers (403)', async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list('', customer.cookie)).statusCode).toBe(403);
  });

  it('lists users with their role for an admin', async () => {
    const response = await list('', admin.cookie);
    expect(response.statusCode).toBe(200);
    // Paged like every list: an array, the total in X-Total-Count, no Link for a single page.
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers.link).toBeUndefined();
    expect(response.json()).toEqual([
      { _id: customer.id, email: 'carol@example.com', name: 'Test Customer', role: 'customer' },
      { _id: admin.id, email: 'chief@example.com', name: 'Test Customer', role: 'admin' },
    ]);
  });

  it('searches by email, treating wildcards as text', async () => {
    expect((await list('?search=CAROL', admin.cookie)).json().map((u: { email: string }) => u.email)).toEqual(
      ['carol@example.com'],
    );
    expect((await list('?search=%25', admin.cookie)).json()).toEqual([]);
    expect((await list(`?search=${encodeURIComponent("' or 1=1 --")}`, admin.cookie)).json()).toEqual([]);
  });

  it('pages past 50 users, with X-Total-Count and Link like the catalogue', async () => {
    const now = new Date();
    await t.database.db.insert(users).values(
      Array.from({ length: 60 }, (_, i) => ({
        id: `bulk-${i}`,
        name: `Bulk ${i}`,
        email: `bulk-${String(i).padStart(2, '0')}@example.com`,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const first = await list('', admin.cookie);
    const second = await list('?page=2', admin.cookie);
    expect(first.headers['x-total-count']).toBe('62');
    expect(first.json()).toHaveLength(50);
    expect(first.headers.link).toBe(
      '</api/user?page=1&limit=50>; rel="first", </api/user?page=2&limit=50>; rel="next", </api/user?page=2&limit=50>; rel="last"',
    );
    expect(second.json()).toHaveLength(12);
    expect(second.headers['x-total-count']).toBe('62');
    const searched = await list('?search=bulk&limit=20&page=2', admin.cookie);
    expect(searched.json()).toHaveLength(20);
    expect(searched.headers['x-total-count']).toBe('60');
    expect(searched.headers.link).toContain('</api/user?search=bulk&page=3&limit=20>; rel="next"');
    expect((await list('?page=0', admin.cookie)).statusCode).toBe(400);
    expect((await list('?limit=101', admin.cookie)).json().error.fields).toEqual({
      limit: 'limit is a whole number from 1 to 100',
    });
  });
});
