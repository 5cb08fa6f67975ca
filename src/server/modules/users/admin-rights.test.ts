import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '#server/db/schema.ts';
import { PASSWORD, type SignedIn, signUp, signUpAdmin, uniqueEmail } from '../../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe("who the admins are: the owner's account and recent passwords", () => {
  let t: TestApp;
  let owner: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'owner@example.com' } });
    owner = await signUpAdmin(t, { email: 'owner@example.com' });
  });
  afterAll(() => t.close());

  const call = (method: 'PUT' | 'DELETE', url: string, cookie: string) =>
    t.app.inject({ method, url, headers: { cookie } });
  const grant = (email: string, cookie: string) => call('PUT', `/api/user/admin/${email}`, cookie);
  const reauthenticate = (cookie: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/session/reauthenticate',
      headers: { cookie },
      payload: { password },
    });
  /** Makes the user's sessions look as if they signed in `minutes` ago. */
  const signedInAgo = (user: SignedIn, minutes: number) =>
    t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})`, reauthenticatedAt: null })
      .where(eq(sessions.userId, user.id));

  async function grantedAdmin(): Promise<SignedIn> {
    const admin = await signUp(t, { email: uniqueEmail('deputy') });
    expect((await grant(admin.email, owner.cookie)).statusCode).toBe(200);
    return admin;
  }

  it("refuses any admin the owner granted to delete the owner's account (409), as it refuses demoting it", async () => {
    const deputy = await grantedAdmin();
    const remove = await call('DELETE', '/api/user/owner@example.com', deputy.cookie);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('configured_admin');
    const demote = await call('DELETE', '/api/user/admin/owner@example.com', deputy.cookie);
    expect(demote.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    expect(row?.role).toBe('admin');
  });

  it('asks for the password again to grant, remove or delete an admin ten minutes after signing in', async () => {
    const deputy = await grantedAdmin();
    const customer = await signUp(t);
    const other = await grantedAdmin();
    await signedInAgo(deputy, 11);
    for (const response of [
      await grant(customer.email, deputy.cookie),
      await call('DELETE', `/api/user/admin/${other.email}`, deputy.cookie),
      await call('DELETE', `/api/user/${other.email}`, deputy.cookie),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('reauthentication_required');
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.email, customer.email));
    expect(row?.role).toBe('customer');

    const wrong = await reauthenticate(deputy.cookie, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'That password is not right.' });
    expect((await grant(customer.email, deputy.cookie)).statusCode).toBe(403);

    expect((await reauthenticate(deputy.cookie, PASSWORD)).statusCode).toBe(204);
    expect((await grant(customer.email, deputy.cookie)).json()).toEqual({ modifiedCount: 1 });
    expect((await call('DELETE', `/api/user/admin/${other.email}`, deputy.cookie)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/user/${other.email}`, deputy.cookie)).statusCode).toBe(200);
  });

  it('lets an admin who signed in minutes ago act without asking', async () => {
    const deputy = await grantedAdmin();
    await signedInAgo(deputy, 9);
    const customer = await signUp(t);
    expect((await grant(customer.email, deputy.cookie)).statusCode).toBe(200);
  });

  it("counts wrong passwords against the account like failed sign-ins, and proves only this session's password", async () => {
    const t2 = await createTestApp({ seed: false, env: { SIGN_IN_FAILURES_PER_ACCOUNT: '3' } });
    try {
      const user = await signUp(t2);
      const again = (password: string) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/session/reauthenticate',
          headers: { cookie: user.cookie },
          payload: { password },
        });
      expect((await again('wrong one')).statusCode).toBe(400);
      expect((await again('wrong two')).statusCode).toBe(400);
      expect((await again('wrong three')).statusCode).toBe(400);
      expect((await again(PASSWORD)).statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('is for signed-in people only, with a password in the body', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/session/reauthenticate',
      payload: { password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await signUp(t);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/session/reauthenticate',
      headers: { cookie: customer.cookie },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
