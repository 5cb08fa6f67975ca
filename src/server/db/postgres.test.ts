import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { rowsOf } from './database';
import { openPostgres } from './postgres';

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** The shop's connections to its database, as the server counts them (the test's own apart). */
  const opened = async () => {
    const [row] = await rowsOf<{ open: number }>(
      database.db,
      sql`select count(*)::int as open from pg_stat_activity
          where datname = current_database() and application_name = 'laptop-parts-shop' and pid <> pg_backend_pid()`,
    );
    return row!.open;
  };

  it('opens every connection when asked at start, so that a burst of requests waits for none to be made', async () => {
    const url = database.url!;
    const shop = openPostgres({ url, poolSize: 4 });
    try {
      const before = await opened();
      await shop.openAll();
      expect(await opened()).toBe(before + 4);
      expect(shop.pool.idleCount).toBe(4);
    } finally {
      await shop.close();
    }
  });

  it('keeps the connections a server short of them gave, and says how many it refused', async () => {
    // A role allowed two connections (a superuser's are not counted against a limit).
    const role = `shop_limited_${process.pid}`;
    await rowsOf(database.db, sql.raw(`create role ${role} login connection limit 2`));
    const url = new URL(database.url!);
    url.username = role;
    const shop = openPostgres({ url: url.toString(), poolSize: 4 });
    try {
      // PostgreSQL enforces a role's limit only approximately: sessions starting at the same moment
      // may all be refused a slot that one of them could have had, so at least two are refused, and
      // the message counts exactly the ones the pool does not hold.
      const refusal = await shop.openAll().then(
        () => null,
        (error: Error) => error.message,
      );
      const refused = Number(/^(\d) of 4 connections could not be opened/.exec(refusal ?? '')?.[1]);
      expect(refused).toBeGreaterThanOrEqual(2);
      expect(shop.pool.idleCount).toBe(4 - refused);
      expect((await shop.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await shop.close();
      await rowsOf(database.db, sql.raw(`drop role ${role}`));
    }
  });
});
