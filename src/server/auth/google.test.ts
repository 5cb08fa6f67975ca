import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { cookiesOf, sessionOf, signUp } from '../../../test/support/auth';
import { startOidcProvider } from '../../../test/support/oidc-provider';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('continue with Google (OpenID Connect against a local provider)', () => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
  beforeAll(async () => {
    oidc = await startOidcProvider();
    t = await createTestApp({
      seed: false,
      env: {
        GOOGLE_CLIENT_ID: 'shop-client',
        GOOGLE_CLIENT_SECRET: 'shop-secret',
        GOOGLE_ISSUER: oidc.issuer,
        ADMIN_EMAILS: 'google.admin@example.com',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** Runs the whole redirect dance the browser would, returning the shop's final answer. */
  async function googleSignIn() {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/dashboard', errorCallbackURL: '/login' },
    });
    expect(start.statusCode).toBe(200);
    const authorize = new URL(start.json().url);
    expect(authorize.origin).toBe(new URL(oidc.issuer).origin);
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookiesOf(start) },
    });
  }

  it('says Google sign-in is available', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).json()).toEqual({
      googleSignIn: true,
    });
  });

  it('creates a customer account from a verified ID token and signs it in', async () => {
    oidc.signInAs({ sub: 'google-2001', email: 'new.google@example.com', name: 'New Google' });
    const callback = await googleSignIn();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/dashboard');
    expect(await sessionOf(t, cookiesOf(callback))).toMatchObject({
      email: 'new.google@example.com',
      name: 'New Google',
      role: 'customer',
      emailVerified: true,
    });
  });

  it('makes an ADMIN_EMAILS address admin when Google vouches for it (a verified address)', async () => {
    oidc.signInAs({ sub: 'google-admin-1', email: 'google.admin@example.com', name: 'Google Admin' });
    const callback = await googleSignIn();
    expect(await sessionOf(t, cookiesOf(callback))).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('keeps an ADMIN_EMAILS address a customer when Google does not vouch for it', async () => {
    await t.database.db.delete(users).where(eq(users.email, 'google.admin@example.com'));
    oidc.signInAs({
      sub: 'google-admin-2',
      email: 'google.admin@example.com',
      name: 'Unverified',
      emailVerified: false,
    });
    const callback = await googleSignIn();
    expect(await sessionOf(t, cookiesOf(callback))).toMatchObject({ role: 'customer', emailVerified: false });
  });

  it('finds the same account again by the provider subject', async () => {
    oidc.signInAs({ sub: 'google-2002', email: 'again@example.com', name: 'Again' });
    const first = await sessionOf(t, cookiesOf(await googleSignIn()));
    const second = await sessionOf(t, cookiesOf(await googleSignIn()));
    expect(second.id).toBe(first.id);
  });

  it('does not take over an existing password account with the same email', async () => {
    const owner = await signUp(t, { email: 'owner@example.com' });
    oidc.signInAs({ sub: 'google-attacker', email: 'owner@example.com', name: 'Not The Owner' });
    const callback = await googleSignIn();
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/login?error=account_not_linked');
    expect(cookiesOf(callback)).not.toMatch(/session_token=[^;]+/);
    expect((await sessionOf(t, owner.cookie)).name).toBe('Test Customer');
  });

  it('sends a callback with a forged state to the login page, signed out', async () => {
    const callback = await t.app.inject({
      method: 'GET',
      url: '/api/auth/callback/google?code=stolen&state=forged',
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?error=/);
    expect(cookiesOf(callback)).not.toMatch(/session_token=[^;]+/);
  });

  it.each([
    [
      'another audience',
      (payload: Record<string, unknown>) => Object.assign(payload, { aud: 'someone-else' }),
    ],
    [
      'another issuer',
      (payload: Record<string, unknown>) => Object.assign(payload, { iss: 'https://evil.example' }),
    ],
    [
      'an expired token',
      (payload: Record<string, unknown>) =>
        Object.assign(payload, { exp: Math.floor(Date.now() / 1000) - 3600 }),
    ],
    ['a wrong nonce', (payload: Record<string, unknown>) => Object.assign(payload, { nonce: 'replayed' })],
  ])('refuses an ID token for %s', async (_, tamper) => {
    oidc.signInAs({
      sub: `google-${Math.random()}`,
      email: `tampered-${Math.random()}@example.com`,
      name: 'Tampered',
    });
    oidc.tamperWithIdToken(tamper);
    try {
      const callback = await googleSignIn();
      expect(callback.statusCode).toBe(302);
      expect(callback.headers.location).toBe('/login?error=unable_to_get_user_info');
      expect(cookiesOf(callback)).not.toMatch(/session_token=[^;]+/);
    } finally {
      oidc.tamperWithIdToken(null);
    }
  });
});
