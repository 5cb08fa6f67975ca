import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/auth';
import { createTestApp, type TestApp } from '../support/test-app';

describe('security headers and CORS', () => {
  let sandbox: TestApp;
  let stripe: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp({ seed: false });
    stripe = await createTestApp({
      seed: false,
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(async () => {
    await sandbox.close();
    await stripe.close();
  });

  it('sends a strict policy on pages and files', async () => {
    for (const url of ['/', '/login', '/images/parts/battery-6cell.svg', '/no-such-page']) {
      const response = await sandbox.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self';");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('stripe');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by'], url).toBeUndefined();
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('cuts pages off from the window that opened them once someone is signed in', async () => {
    const pages = ['/', '/parts', '/login', '/dashboard'];
    for (const url of pages) {
      const signedOut = await sandbox.app.inject({ method: 'GET', url });
      expect(signedOut.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    const { cookie } = await signUp(sandbox);
    for (const url of pages) {
      const signedIn = await sandbox.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(signedIn.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(String(signedIn.headers['content-security-policy']), url).toContain("script-src 'self';");
    }
    const api = await sandbox.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('sends the REST set on every API answer, errors and early refusals included', async () => {
    const answers = [
      await sandbox.app.inject({ method: 'GET', url: '/api/part' }),
      await sandbox.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await sandbox.app.inject({ method: 'GET', url: '/api/profile' }),
      await sandbox.app.inject({ method: 'POST', url: '/api/feedback', payload: { name: 'x' } }),
      await sandbox.app.inject({
        method: 'POST',
        url: '/api/feedback',
        headers: { origin: 'https://evil.example' },
        payload: {},
      }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 401, 400, 403]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('adds HSTS when the shop is served over https', async () => {
    const https = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      for (const url of ['/', '/api/part']) {
        const response = await https.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=15552000; includeSubDomains',
        );
      }
    } finally {
      await https.close();
    }
  });

  it('allows Stripe only on the payment pages (a customer’s signed in, a visitor’s order), only with the stripe provider', async () => {
    const { cookie } = await signUp(stripe);
    const page = (t: TestApp, url: string, headers = { cookie }) =>
      t.app.inject({ method: 'GET', url, headers });
    const payment = await page(stripe, '/dashboard/payment/abc');
    expect(String(payment.headers['content-security-policy'])).toContain(
      "script-src 'self' https://js.stripe.com",
    );
    const signedOut = await page(stripe, '/dashboard/payment/abc', { cookie: '' });
    expect(String(signedOut.headers['content-security-policy'])).not.toContain('stripe');
    // A visitor's order is paid signed out, through its private link.
    const guestOrder = await page(stripe, '/orders/abc?token=x', { cookie: '' });
    expect(String(guestOrder.headers['content-security-policy'])).toContain('https://js.stripe.com');
    const elsewhere = await page(stripe, '/dashboard/order');
    expect(String(elsewhere.headers['content-security-policy'])).not.toContain('stripe');
    const { cookie: sandboxCookie } = await signUp(sandbox);
    const sandboxPayment = await page(sandbox, '/dashboard/payment/abc', { cookie: sandboxCookie });
    expect(String(sandboxPayment.headers['content-security-policy'])).not.toContain('stripe');
  });

  it('is closed to other origins (no CORS)', async () => {
    const preflight = await sandbox.app.inject({
      method: 'OPTIONS',
      url: '/api/profile',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const read = await sandbox.app.inject({
      method: 'GET',
      url: '/api/part',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses cookie-authenticated changes from another site, also at the auth endpoints', async () => {
    const signUpFromEvil = await sandbox.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: 'better-auth.session_token=x' },
      payload: {},
    });
    expect(signUpFromEvil.statusCode).toBe(403);
  });
});
