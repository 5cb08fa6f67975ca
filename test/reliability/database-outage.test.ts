import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { startTcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('the database restarting under load', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let viaProxy: ReturnType<typeof openPostgres>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    const target = new URL(database.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(database.url!);
    proxied.port = String(proxy.port);
    viaProxy = openPostgres({ url: proxied.toString(), onPoolError: () => {} });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: proxied.toString(),
      MAX_EVENT_LOOP_DELAY_MS: '60000',
    });
    app = await buildApp({
      config,
      database: viaProxy,
      authSecret: 'reliability-test-secret-long-enough-123',
      webRoot: '/none',
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await viaProxy.close();
    await proxy.close();
    await database.close();
  });

  // Reviews are read from the database on every request (the catalogue is served from memory).
  const burst = (count: number) =>
    Promise.all(Array.from({ length: count }, () => app.inject({ method: 'GET', url: '/api/review' })));

  it('answers 503 with Retry-After while the database is gone, then recovers by itself', async () => {
    expect((await burst(20)).every((response) => response.statusCode === 200)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/part' })).statusCode).toBe(200);

    await proxy.cut();
    // The cached catalogue stays available while the database is away.
    expect((await app.inject({ method: 'GET', url: '/api/part' })).statusCode).toBe(200);
    const during = await burst(20);
    for (const response of during) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json().error.code).toBe('service_unavailable');
    }
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);

    await proxy.restore();
    let recovered = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
      recovered = (await app.inject({ method: 'GET', url: '/api/review' })).statusCode === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    expect((await burst(20)).every((response) => response.statusCode === 200)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
