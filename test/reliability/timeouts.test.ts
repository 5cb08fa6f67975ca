import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { signUp } from '../support/auth';
import { addPart } from '../support/catalog';
import { ADDRESS } from '../support/orders';
import { startTcpProxy } from '../support/tcp-proxy';
import { createTestApp, type TestApp } from '../support/test-app';

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

describe('a blocked database', () => {
  let t: TestApp;
  let locker: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await t.close();
  });

  it('bounds every statement, lock wait and idle transaction of the shop’s connections', async () => {
    const pool = (t.database as unknown as { pool: pg.Pool }).pool;
    const { rows } = await pool.query(
      `select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
              current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]).toEqual({ statement: '5s', lock: '2s', idle: '10s' });
  });

  it('answers purchases and catalogue reads 503 with Retry-After within 8 s while `parts` is locked', async () => {
    const buyer = await signUp(t);
    const part = await addPart(t, { available: 50 });
    await locker.query('begin');
    await locker.query('lock table parts in access exclusive mode');
    try {
      const [purchase, catalogue] = await Promise.all([
        timed(() =>
          t.app.inject({
            method: 'POST',
            url: '/api/purchase',
            payload: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
            headers: { cookie: buyer.cookie },
          }),
        ),
        timed(() => t.app.inject({ method: 'GET', url: '/api/part' })),
      ]);
      for (const { result, ms } of [purchase, catalogue]) {
        expect(result.statusCode, result.body).toBe(503);
        expect(result.headers['retry-after']).toBeDefined();
        expect(ms).toBeLessThan(8_000);
      }
    } finally {
      await locker.query('rollback');
    }
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: { purchaseId: part.id, quantity: 1, shippingAddress: ADDRESS },
      headers: { cookie: buyer.cookie },
    });
    expect(after.statusCode).toBe(201);
  });
});

describe('a database that stops answering', () => {
  it('makes /healthz answer 503 within about 2 s, and 200 again once it answers', async () => {
    const t = await createTestApp({ seed: false });
    const target = new URL(t.database.url!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(t.database.url!);
    proxied.port = String(proxy.port);
    const database = openPostgres({ url: proxied.toString(), onPoolError: () => {} });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: proxied.toString() }),
      database,
      authSecret: 'reliability-test-secret-long-enough-123',
      webRoot: '/none',
      logger: false,
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      proxy.stall();
      const { result, ms } = await timed(() => app.inject({ method: 'GET', url: '/healthz' }));
      expect(result.statusCode).toBe(503);
      expect(result.headers['retry-after']).toBe('5');
      expect(ms).toBeGreaterThanOrEqual(1_900);
      expect(ms).toBeLessThan(3_000);
      proxy.resume();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      proxy.resume();
      await app.close();
      await database.close();
      await proxy.close();
      await t.close();
    }
  });
});
