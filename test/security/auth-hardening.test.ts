import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS_IN_USE } from '#server/auth/routes.ts';
import { users } from '#server/db/schema.ts';
import { cookiesOf, PASSWORD, sessionOf, signIn, signUp, signUpAdmin, uniqueEmail } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';
import { totpCode } from '../support/totp';

const ORIGIN = 'http://localhost:3000';

describe('the auth routes, hardened', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        ADMIN_EMAILS: 'auth-admin@example.com',
        SIGN_IN_ATTEMPTS_PER_CLIENT: '10000',
        SIGN_UPS_PER_CLIENT: '10000',
        PASSWORD_RESETS_PER_CLIENT: '10000',
      },
    });
    admin = await signUpAdmin(t, { email: 'auth-admin@example.com' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers });

  describe('one body policy: JSON only', () => {
    it.each([
      ['application/x-www-form-urlencoded', 'email=a%40example.com&password=wrong'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--',
      ],
      ['text/plain', '{"email":"a@example.com","password":"wrong"}'],
    ])('refuses %s bodies with 415 on every auth route', async (type, body) => {
      for (const path of ['/sign-in/email', '/sign-up/email', '/request-password-reset', '/reset-password']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/auth${path}`,
          payload: body,
          headers: { 'content-type': type },
        });
        expect(response.statusCode, `${type} ${path}`).toBe(415);
        expect(response.json().error.code).toBe('unsupported_media_type');
      }
    });

    it('so a form-encoded sign-in cannot get round an account lock', async () => {
      const locked = await signUp(t);
      for (let i = 0; i < 10; i++) await signIn(t, locked.email, 'wrong password', `10.0.0.${i}`);
      expect((await signIn(t, locked.email)).statusCode).toBe(429);
      const form = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: `email=${encodeURIComponent(locked.email)}&password=${encodeURIComponent(PASSWORD)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(415);
      expect(form.headers['set-cookie']).toBeUndefined();
    });

    it('keeps only the fields each route takes: an image or a role in a sign-up changes nothing', async () => {
      const email = uniqueEmail('fields');
      const response = await post('/sign-up/email', {
        name: 'Field Tester',
        email,
        password: PASSWORD,
        image: 'javascript:alert(1)',
        role: 'admin',
        emailVerified: true,
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(row).toMatchObject({ image: null, role: 'customer', emailVerified: false });
    });
  });

  describe('names follow the shop’s text rule', () => {
    it.each([
      ['white space', '   '],
      ['zero-width characters', '\u200B\u200C\u2060'],
      ['control characters', 'Ann\u0007ie'],
      ['a text-direction override', 'Ann\u202Eie'],
      ['10,000 characters', 'x'.repeat(10_000)],
    ])('refuses a name of %s at sign-up and in a profile change', async (_, name) => {
      const response = await post('/sign-up/email', {
        name,
        email: uniqueEmail('names'),
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['name']);
      const { cookie } = await signUp(t);
      const update = await post('/update-user', { name }, { cookie });
      expect(update.statusCode).toBe(400);
    });

    it.each([
      ['Hangul fillers', '\u3164\u3164'],
      ['blank Braille patterns between spaces', ' \u2800 \u2800 '],
    ])('refuses a name made only of %s, which looks empty but is not', async (_, name) => {
      const response = await post('/sign-up/email', {
        name,
        email: uniqueEmail('invisible'),
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ name: 'Name must contain visible characters' });
      const { cookie } = await signUp(t);
      const update = await post('/update-user', { name }, { cookie });
      expect(update.statusCode).toBe(400);
      expect(update.json().error.fields).toEqual({ name: 'Name must contain visible characters' });
    });
  });

  describe('redirects stay on the shop', () => {
    const HOSTILE = [
      '/..//evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/.%2F/evil.example',
      '/%5Cevil.example',
      'https://evil.example',
      'javascript:alert(1)',
    ];
    const staysHome = (location: string | undefined) => {
      if (location === undefined) return;
      const url = new URL(location, ORIGIN);
      expect(url.origin, location).toBe(ORIGIN);
      expect(url.pathname.startsWith('//'), location).toBe(false);
      expect(location.startsWith('//') || location.includes('\\'), location).toBe(false);
    };

    it.each(HOSTILE)('never sends the browser off-site for %s, by query or by body', async (target) => {
      const encoded = encodeURIComponent(target);
      for (const url of [
        `/api/auth/verify-email?token=not-a-token&callbackURL=${encoded}`,
        `/api/auth/reset-password/not-a-token?callbackURL=${encoded}`,
        `/api/auth/callback/google?state=forged&code=x&callbackURL=${encoded}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        staysHome(response.headers.location as string | undefined);
      }
      const customer = await signUp(t);
      for (const [path, body] of [
        [
          '/sign-up/email',
          { name: 'Redirected', email: uniqueEmail('redirect'), password: PASSWORD, callbackURL: target },
        ],
        ['/sign-in/email', { email: customer.email, password: PASSWORD, callbackURL: target }],
        ['/send-verification-email', { email: customer.email, callbackURL: target }],
        ['/request-password-reset', { email: customer.email, redirectTo: target }],
      ] as const) {
        const response = await post(path, body, { cookie: customer.cookie });
        expect(response.statusCode, `${path} ${target}`).toBeLessThan(500);
        staysHome(response.headers.location as string | undefined);
        const said = response.body;
        expect(said).not.toMatch(/evil\.example/);
      }
    });

    it('keeps a verification link’s own destination on the shop', async () => {
      const account = await signUp(t);
      // What the mail's link would carry if the sign-up had asked for //evil.example: "/".
      const { createEmailVerificationToken } = await import('better-auth/api');
      const token = await createEmailVerificationToken(
        'test-secret-that-is-long-enough-for-better-auth',
        account.email,
      );
      const visit = await t.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent('/..//evil.example')}`,
      });
      expect(visit.statusCode).toBe(302);
      expect(visit.headers.location).toBe('/');
    });
  });

  describe('the auth library’s own admin endpoints and others the shop does not use', () => {
    const allEndpoints = () =>
      Object.values(
        t.app.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
      )
        .filter((endpoint) => endpoint.path)
        .flatMap((endpoint) =>
          [endpoint.options?.method ?? 'POST'].flat().map((method) => `${method} ${endpoint.path}`),
        );

    it('uses exactly the endpoints on its list (a new one in the library does not appear on its own)', () => {
      expect([...AUTH_ENDPOINTS_IN_USE].sort()).toEqual(
        [
          'GET /callback/:id',
          'GET /error',
          'GET /get-session',
          'GET /ok',
          'GET /reset-password/:token',
          'GET /verify-email',
          'POST /change-password',
          'POST /get-session',
          'POST /request-password-reset',
          'POST /reset-password',
          'POST /send-verification-email',
          'POST /sign-in/email',
          'POST /sign-in/social',
          'POST /sign-out',
          'POST /sign-up/email',
          'POST /two-factor/disable',
          'POST /two-factor/enable',
          'POST /two-factor/verify-backup-code',
          'POST /two-factor/verify-totp',
          'POST /update-user',
        ].sort(),
      );
      for (const endpoint of AUTH_ENDPOINTS_IN_USE) expect(allEndpoints()).toContain(endpoint);
    });

    it('answers 404 in our error format for every other endpoint the library mounts, to admins too', async () => {
      const unused = allEndpoints().filter((endpoint) => !AUTH_ENDPOINTS_IN_USE.includes(endpoint));
      expect(unused).toEqual(
        expect.arrayContaining([
          'POST /admin/set-role',
          'POST /admin/impersonate-user',
          'POST /change-email',
        ]),
      );
      for (const endpoint of unused) {
        const [method, template] = endpoint.split(' ') as ['GET' | 'POST', string];
        const url = `/api/auth${template.replace(/:[a-zA-Z]+/g, 'x')}`;
        for (const cookie of [undefined, admin.cookie]) {
          const response = await t.app.inject({
            method,
            url,
            ...(method === 'POST' && {
              payload: { userId: admin.id, role: 'customer', newPassword: 'x'.repeat(12) },
            }),
            headers: cookie ? { cookie } : {},
          });
          expect(response.statusCode, endpoint).toBe(404);
          expect(Object.keys(response.json()), endpoint).toEqual(['error']);
        }
      }
      expect((await sessionOf(t, admin.cookie)).role).toBe('admin');
    });
  });

  describe('a changed password ends every other session', () => {
    const twoDevices = async () => {
      const account = await signUp(t);
      const other = cookiesOf(await signIn(t, account.email));
      expect(await sessionOf(t, other)).not.toBeNull();
      return { ...account, other };
    };

    it('on a password change, even when the client does not ask', async () => {
      const device = await twoDevices();
      const change = await post(
        '/change-password',
        { currentPassword: PASSWORD, newPassword: 'a fresh long secret 2026', revokeOtherSessions: false },
        { cookie: device.cookie },
      );
      expect(change.statusCode).toBe(200);
      expect(await sessionOf(t, device.other)).toBeNull();
      expect((await signIn(t, device.email, 'a fresh long secret 2026')).statusCode).toBe(200);
    });

    it('on turning off two-factor sign-in', async () => {
      const device = await twoDevices();
      const enable = await post('/two-factor/enable', { password: PASSWORD }, { cookie: device.cookie });
      expect(enable.statusCode).toBe(200);
      // Enrolling renews this device's session; the other device is still signed in.
      const cookie = cookiesOf(enable) || device.cookie;
      const confirm = await post(
        '/two-factor/verify-totp',
        { code: totpCode(enable.json().totpURI) },
        { cookie },
      );
      expect(confirm.statusCode).toBe(200);
      const current = cookiesOf(confirm) || cookie;
      const other = cookiesOf(await signIn(t, device.email));
      expect(await sessionOf(t, device.other)).not.toBeNull();
      const disable = await post('/two-factor/disable', { password: PASSWORD }, { cookie: current });
      expect(disable.statusCode, disable.body).toBe(200);
      expect(await sessionOf(t, device.other)).toBeNull();
      expect(await sessionOf(t, other)).toBeNull();
      expect(await sessionOf(t, cookiesOf(disable) || current)).not.toBeNull();
    });
  });

  describe('common passwords are refused', () => {
    it.each(['123456', 'password1', 'qwerty123', 'Iloveyou1', 'letmein'])(
      'at sign-up: %s',
      async (password) => {
        const response = await post('/sign-up/email', {
          name: 'Common',
          email: uniqueEmail('common'),
          password,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({
          password: 'This password is too common. Choose one that is harder to guess.',
        });
      },
    );

    it('and on a password change and a reset, while the 6-character minimum keeps its message', async () => {
      const { cookie } = await signUp(t);
      const change = await post(
        '/change-password',
        { currentPassword: PASSWORD, newPassword: 'password1' },
        { cookie },
      );
      expect(change.json().error.fields).toEqual({
        newPassword: 'This password is too common. Choose one that is harder to guess.',
      });
      const reset = await post('/reset-password', { newPassword: 'qwerty123', token: 'whatever' });
      expect(reset.statusCode).toBe(400);
      expect(reset.json().error.fields).toEqual({
        password: 'This password is too common. Choose one that is harder to guess.',
      });
      const short = await post('/sign-up/email', {
        name: 'Short',
        email: uniqueEmail('short'),
        password: 'x1y2z',
      });
      expect(short.json().error.fields).toEqual({ password: 'Must be 6 characters or longer' });
      expect(
        (
          await post('/sign-up/email', {
            name: 'Fine',
            email: uniqueEmail('fine'),
            password: 'tram lemon violet',
          })
        ).statusCode,
      ).toBe(200);
    });
  });
});
