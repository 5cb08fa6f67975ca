import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '#server/db/postgres.ts';
import { startTcpProxy } from '../support/tcp-proxy';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('a connection lost as a transaction begins', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let shop: ReturnType<typeof openPostgres>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    shop = openPostgres({ url: url.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await shop.close();
    await proxy.close();
    await database.close();
  });

  it('gives the connection back, so losing more connections than the pool holds never empties it', async () => {
    for (let i = 0; i < 5; i++) {
      proxy.cutAtNext(/\bbegin\b/i);
      await expect(shop.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(
        'Failed query: begin',
      );
    }
    const answer = await shop.db.transaction(async (tx) => tx.execute(sql`select 41 + 1 as answer`));
    expect((answer as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
    expect(shop.pool.totalCount).toBeLessThanOrEqual(2);
  });
});
