import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { openPglite } from '#server/db/pglite.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { adminUrl, databaseUrl } from './postgres-urls';

export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file: a PGlite clone of the run's template, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database copied from the template and dropped on close.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = await readFile(inject('pgliteTemplate'));
    return openPglite({ dataDir: 'memory://', loadDataDir: new Blob([dump]) });
  }
  const name = `shop_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = openPostgres({ url: adminUrl(serverUrl), poolSize: 1 });
  await admin.pool.query(`create database ${name} template ${inject('postgresTemplate')}`);
  const url = databaseUrl(serverUrl, name);
  const database = openPostgres({ url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
