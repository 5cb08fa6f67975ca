import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { users } from '../../db/schema';

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
    const body = response.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(body.users).toEqual([
      { _id: customer.id, email: 'carol@example.com', name: 'Test Customer', role: 'customer' },
      { _id: admin.id, email: 'chief@example.com', name: 'Test Customer', role: 'admin' },
    ]);
  });

  it('searches by email, treating wildcards as text', async () => {
    expect(
      (await list('?search=CAROL', admin.cookie)).json().users.map((u: { email: string }) => u.email),
    ).toEqual(['carol@example.com']);
    expect((await list('?search=%25', admin.cookie)).json().users).toEqual([]);
    expect((await list(`?search=${encodeURIComponent("' or 1=1 --")}`, admin.cookie)).json().users).toEqual(
      [],
    );
  });

  it('pages past 50 users', async () => {
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
    const first = (await list('', admin.cookie)).json();
    const second = (await list('?page=2', admin.cookie)).json();
    expect(first.total).toBe(62);
    expect(first.users).toHaveLength(50);
    expect(second.users).toHaveLength(12);
    expect((await list('?page=0', admin.cookie)).statusCode).toBe(400);
  });
});
