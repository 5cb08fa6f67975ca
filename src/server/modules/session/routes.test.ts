import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { signUp, signUpAdmin } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('admin check and public config', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let customer: Awaited<ReturnType<typeof signUp>>;
  let other: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'chief@example.com' } });
    admin = await signUpAdmin(t, { email: 'chief@example.com' });
    customer = await signUp(t);
    other = await signUp(t);
  });
  afterAll(() => t.close());

  const check = (email: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: cookie ? { cookie } : {},
    });

  it('answers 401 to anonymous callers', async () => {
    expect((await check(customer.email)).statusCode).toBe(401);
  });

  it('tells users their own status', async () => {
    expect((await check(customer.email, customer.cookie)).json()).toEqual({ admin: false });
    expect((await check(customer.email.toUpperCase(), customer.cookie)).json()).toEqual({ admin: false });
    expect((await check(admin.email, admin.cookie)).json()).toEqual({ admin: true });
  });

  it('answers 403 when a customer asks about someone else', async () => {
    const response = await check(other.email, customer.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe('This is not available for your account.');
    expect((await check(admin.email, customer.cookie)).statusCode).toBe(403);
  });

  it('lets an admin ask about anyone', async () => {
    expect((await check(customer.email, admin.cookie)).json()).toEqual({ admin: false });
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, other.email));
    expect((await check(other.email, admin.cookie)).json()).toEqual({ admin: true });
    expect((await check('nobody@example.com', admin.cookie)).json()).toEqual({ admin: false });
  });

  it('says whether Google sign-in is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toEqual({ googleSignIn: false });
  });
});
