import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, spawnShop, waitForHealth } from '../support/shop-process';
import { createTestDatabase } from '../support/test-database';

describe('the shop process', () => {
  it('stops with one clear line after the step it was at, and a non-zero exit, when the database is unreachable at start', async () => {
    const closedPort = await freePort();
    const shop = spawnShop({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/shop`,
      PORT: String(await freePort()),
    });
    expect(await shop.exited).toBe(1);
    const lines = shop
      .output()
      .trim()
      .split('\n')
      .filter((line) => !line.includes('ExperimentalWarning'));
    // The step it was at, then why it stops.
    expect(lines).toEqual([
      'Connecting to the PostgreSQL server…',
      expect.stringMatching(
        /^Cannot start: the PostgreSQL server in DATABASE_URL is not usable: .*ECONNREFUSED/,
      ),
    ]);
  });

  it('on SIGTERM finishes requests in flight, refuses new ones and exits cleanly', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const shop = spawnShop({ DATABASE_URL: database.url!, PORT: String(port), SEED: 'none' });
    try {
      await waitForHealth(port);
      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({
        name: 'Slow',
        email: 'slow@example.com',
        message: 'Sent in two halves.',
      });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/feedback',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          shop.child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 100);
      });
      const inFlight = await answer;
      expect(inFlight.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      expect(await shop.exited).toBe(0);
    } finally {
      shop.child.kill('SIGKILL');
      await database.close();
    }
  });
});
