import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/server/db/postgres';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A TCP proxy in front of PostgreSQL that cuts the connection the moment the client sends BEGIN, as a
 * database restart or a terminated backend would at the worst time.
 */
function beginCuttingProxy(target: URL) {
  const sockets = new Set<Socket>();
  let armed = false;
  const server: Server = createServer((client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (armed && /\bbegin\b/i.test(chunk.toString('latin1'))) {
        armed = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
      ),
    cutNextBegin: () => {
      armed = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a connection lost as a transaction begins', () => {
  let database: TestDatabase;
  let proxy: ReturnType<typeof beginCuttingProxy>;
  let shop: ReturnType<typeof openPostgres>;

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = beginCuttingProxy(new URL(database.url!));
    const url = new URL(database.url!);
    url.hostname = '127.0.0.1';
    url.port = String(await proxy.listen());
    shop = openPostgres({ url: url.toString(), poolSize: 2 });
  });
  afterAll(async () => {
    await shop.close();
    await proxy.close();
    await database.close();
  });

  it('gives the connection back, so losing more connections than the pool holds never empties it', async () => {
    for (let i = 0; i < 5; i++) {
      proxy.cutNextBegin();
      await expect(shop.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow(
        'Failed query: begin',
      );
    }
    const answer = await shop.db.transaction(async (tx) => tx.execute(sql`select 41 + 1 as answer`));
    expect((answer as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
    expect(shop.pool.totalCount).toBeLessThanOrEqual(2);
  });
});
