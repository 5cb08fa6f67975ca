import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  cookiesOf,
  PASSWORD,
  sessionOf,
  signIn,
  signUp,
  uniqueEmail,
  verifyEmail,
} from '../../../test/support/auth';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { promoteConfiguredAdmins } from './configured-admins';

describe('sign-up, sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { ADMIN_EMAILS: 'boss@example.com' } });
  });
  afterAll(() => t.close());

  it('signs up a customer without signing in; signing in sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Ada', email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    const signedIn = await signIn(t, email);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/session_token=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toContain('Secure');
    expect(await sessionOf(t, cookiesOf(signedIn))).toMatchObject({
      name: 'Ada',
      email,
      role: 'customer',
      emailVerified: false,
      twoFactorEnabled: false,
    });
  });

  it('ignores a role (or any unknown field) in the sign-up body', async () => {
    const email = uniqueEmail();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        name: 'Mallory',
        email,
        password: PASSWORD,
        role: 'admin',
        emailVerified: true,
        banned: false,
      },
    });
    expect(response.statusCode).toBe(200);
    const user = await sessionOf(t, cookiesOf(await signIn(t, email)));
    expect(user).toMatchObject({ role: 'customer', emailVerified: false });
  });

  it('makes an ADMIN_EMAILS address admin only once its owner verified it, whatever the letter case', async () => {
    const admin = await signUp(t, { email: 'Boss@Example.com' });
    expect(await sessionOf(t, admin.cookie)).toMatchObject({ role: 'customer', email: 'boss@example.com' });
    await verifyEmail(t, 'BOSS@example.com');
    expect(await sessionOf(t, admin.cookie)).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('makes ADMIN_EMAILS admins at start for verified accounts that existed before, and only those', async () => {
    const early = await signUp(t);
    await promoteConfiguredAdmins(t.database.db, [early.email]);
    expect((await sessionOf(t, early.cookie)).role).toBe('customer');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, early.email));
    await promoteConfiguredAdmins(t.database.db, [early.email]);
    expect((await sessionOf(t, early.cookie)).role).toBe('admin');
  });

  it.each([
    [{ name: 'A', email: 'short@example.com', password: '12345' }, /6 characters or longer/],
    [{ name: 'A', email: 'not-an-email', password: PASSWORD }, /email/i],
    [{ email: 'noname@example.com', password: PASSWORD }, /name/i],
  ])('refuses a bad sign-up with 400 and a message (%j)', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers a sign-up for an address with an account exactly as for a new one, changing nothing', async () => {
    const { email } = await signUp(t);
    const signUpAs = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Twin', email: address, password: 'another long secret 77' },
      });
    const [again, fresh] = await Promise.all([signUpAs(email.toUpperCase()), signUpAs(uniqueEmail())]);
    for (const answer of [again, fresh]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
      emailVerified: body.user.emailVerified,
    });
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    // The account is untouched: its own password still signs in, the other one does not.
    expect((await signIn(t, email)).statusCode).toBe(200);
    expect((await signIn(t, email, 'another long secret 77')).statusCode).toBe(401);
  });

  it('signs in with the right password', async () => {
    const { email } = await signUp(t);
    const response = await signIn(t, email);
    expect(response.statusCode).toBe(200);
    expect((await sessionOf(t, cookiesOf(response))).email).toBe(email);
  });

  it('answers a wrong password and an unknown account the same way (no enumeration)', async () => {
    const { email } = await signUp(t);
    const wrong = await signIn(t, email, 'not the password');
    const unknown = await signIn(t, uniqueEmail('nobody'), 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid email or password.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('ends the session on sign-out: the old cookie no longer works', async () => {
    const { cookie } = await signUp(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(await sessionOf(t, cookie)).toBeNull();
  });

  it('answers an anonymous or forged session with user null', async () => {
    expect(await sessionOf(t, '')).toBeNull();
    expect(await sessionOf(t, 'better-auth.session_token=forged.signature')).toBeNull();
  });

  it('refuses to sign in a disabled (banned) account', async () => {
    const victim = await signUp(t);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.email, victim.email));
    const again = await signIn(t, victim.email);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toMatch(/disabled/);
  });
});

describe('session cookies behind https', () => {
  it('are Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example' } });
    const email = uniqueEmail();
    const headers = { origin: 'https://shop.example' };
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { name: 'Ada', email, password: PASSWORD },
    });
    expect(signedUp.statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__Secure-better-auth\.session_token=/);
    for (const flag of ['; Secure', '; HttpOnly', '; SameSite=Lax']) expect(cookie).toContain(flag);
    await t.close();
  });
});
