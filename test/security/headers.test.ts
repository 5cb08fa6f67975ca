import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('sends a strict policy everywhere', async () => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/api/part' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('stripe');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('allows Stripe only on the payment page, and only with the stripe provider', async () => {
    const payment = await stripe.app.inject({ method: 'GET', url: '/dashboard/payment/abc' });
    expect(String(payment.headers['content-security-policy'])).toContain(
      "script-src 'self' https://js.stripe.com",
    );
    const elsewhere = await stripe.app.inject({ method: 'GET', url: '/dashboard/order' });
    expect(String(elsewhere.headers['content-security-policy'])).not.toContain('stripe');
    const sandboxPayment = await sandbox.app.inject({ method: 'GET', url: '/dashboard/payment/abc' });
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
