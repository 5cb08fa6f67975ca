import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually';
import { freePort, spawnShop, waitForHealth } from '../support/shop-process';

// The README's quick start: without SMTP_URL, a new owner finds the verification link in the terminal.
describe('a shop started without SMTP_URL, as in the quick start', () => {
  let port: number;
  let shop: ReturnType<typeof spawnShop>;
  beforeAll(async () => {
    port = await freePort();
    shop = spawnShop({
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: 'memory://',
      AUTH_SECRET: 'a-development-secret-that-is-long-enough',
      SEED: 'none',
    });
    await waitForHealth(port);
  }, 60_000);
  afterAll(async () => {
    shop.child.kill('SIGTERM');
    await shop.exited;
  });

  it('says what it does while it starts, so a first start does not look like a hang', () => {
    const said = shop.output();
    expect(said).toContain('Opening the embedded database in memory://…');
    expect(said).toContain('Bringing the database up to date');
    expect(said.indexOf('Bringing the database up to date')).toBeLessThan(
      said.indexOf('Starting the web server…'),
    );
  });

  it('prints each mail’s link as one line, and the verification link works', async () => {
    const base = `http://127.0.0.1:${port}`;
    const email = 'owner@example.com';
    const signedUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'Owner', email, password: 'correct horse battery' }),
    });
    expect(signedUp.status).toBe(200);
    const line = await eventually(async () => {
      const found = new RegExp(
        `^Mail to ${email}: Confirm your email for Reliable Tech Parts: (${base}/api/auth/verify-email\\?\\S+)$`,
        'm',
      ).exec(shop.output());
      expect(found, shop.output()).not.toBeNull();
      return found!;
    });
    const verified = await fetch(line[1]!, { redirect: 'manual' });
    expect(verified.status).toBe(302);
  });
});
