import { describe, expect, it } from 'vitest';
import { PASSWORD, signIn, signUp, uniqueEmail } from '../../../test/support/auth';
import { createTestApp } from '../../../test/support/test-app';

describe('auth rate limits', () => {
  it('locks an account after too many failed sign-ins, even with the right password, without touching others', async () => {
    const t = await createTestApp({
      seed: false,
      env: { SIGN_IN_FAILURES_PER_ACCOUNT: '3', SIGN_IN_ATTEMPTS_PER_CLIENT: '100' },
    });
    const victim = await signUp(t);
    const bystander = await signUp(t);
    for (let i = 0; i < 3; i++)
      expect((await signIn(t, victim.email, `guess-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    const locked = await signIn(t, victim.email, PASSWORD, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('rate_limited');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();
    expect((await signIn(t, bystander.email)).statusCode).toBe(200);
    await t.close();
  });

  it('limits sign-in attempts per client address; a spoofed X-Forwarded-For does not reset it', async () => {
    const t = await createTestApp({ seed: false, env: { SIGN_IN_ATTEMPTS_PER_CLIENT: '4' } });
    for (let i = 0; i < 4; i++)
      expect((await signIn(t, uniqueEmail(), 'x', '10.2.0.1')).statusCode).toBe(401);
    expect((await signIn(t, uniqueEmail(), 'x', '10.2.0.1')).statusCode).toBe(429);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.2.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
      payload: { email: uniqueEmail(), password: 'x' },
    });
    expect(spoofed.statusCode).toBe(429);
    expect((await signIn(t, uniqueEmail(), 'x', '10.2.0.2')).statusCode).toBe(401);
    await t.close();
  });

  it('uses X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const t = await createTestApp({
      seed: false,
      env: { SIGN_IN_ATTEMPTS_PER_CLIENT: '1', TRUST_PROXY: 'true' },
    });
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': ip },
        payload: { email: uniqueEmail(), password: 'x' },
      });
    expect((await from('198.51.100.1')).statusCode).toBe(401);
    expect((await from('198.51.100.1')).statusCode).toBe(429);
    expect((await from('198.51.100.2')).statusCode).toBe(401);
    await t.close();
  });

  it('limits sign-ups and password resets per client address', async () => {
    const t = await createTestApp({
      seed: false,
      env: { SIGN_UPS_PER_CLIENT: '2', PASSWORD_RESETS_PER_CLIENT: '2' },
    });
    await signUp(t, { remoteAddress: '10.3.0.1' });
    await signUp(t, { remoteAddress: '10.3.0.1' });
    await expect(signUp(t, { remoteAddress: '10.3.0.1' })).rejects.toThrow(/429/);
    await signUp(t, { remoteAddress: '10.3.0.2' });

    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        remoteAddress: '10.3.0.3',
        payload: { email: uniqueEmail(), redirectTo: '/reset-password' },
      });
    expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(200);
    const limited = await reset();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many requests/);
    await t.close();
  });

  it('limits reset and verification mails per address, whichever clients ask', async () => {
    const t = await createTestApp({ seed: false, env: { ACCOUNT_MAILS_PER_ADDRESS: '3' } });
    const { email } = await signUp(t);
    const ask = (i: number, address = email) =>
      t.app.inject({
        method: 'POST',
        url: i % 2 ? '/api/auth/send-verification-email' : '/api/auth/request-password-reset',
        remoteAddress: `10.4.0.${i + 1}`,
        payload: { email: address.toUpperCase(), redirectTo: '/reset-password' },
      });
    expect([(await ask(0)).statusCode, (await ask(1)).statusCode, (await ask(2)).statusCode]).toEqual([
      200, 200, 200,
    ]);
    const limited = await ask(3);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another inbox is not held back by it.
    expect((await ask(4, uniqueEmail())).statusCode).toBe(200);
    await t.close();
  });
});
