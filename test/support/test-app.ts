import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

interface TestAppOptions {
  /** Environment settings on top of the test defaults (undefined: the shop's own default). */
  env?: Record<string, string | undefined>;
  /** Seed the demo catalogue and reviews (default true). */
  seed?: boolean;
  webRoot?: string;
  /** The app's logger (default: none). */
  logger?: FastifyServerOptions['logger'];
}

/** The real app on a real, private database, ready for app.inject(). */
export async function createTestApp({
  env = {},
  seed = true,
  webRoot,
  logger = false,
}: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // Bursts of password hashing stall the loop in tests; the overload test sets its own bound.
    MAX_EVENT_LOOP_DELAY_MS: '60000',
    // Tests place many orders per customer; the cap's own test sets `undefined` to get the default.
    MAX_UNPAID_ORDERS_PER_CUSTOMER: '1000',
    // Tests sign up tens of accounts at once; the password line's own tests set their bound.
    PASSWORD_CHECKS_AT_ONCE: '8',
    ...env,
  });
  const database = await createTestDatabase();
  if (seed) await seedDemoData(database.db);
  const app = await buildApp({
    config,
    database,
    authSecret: TEST_AUTH_SECRET,
    webRoot: webRoot ?? '/nonexistent-web-build',
    logger,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Another app instance on the same database, as a second process would be: its own connection pool
 * on PostgreSQL; on PGlite (one connection per database) it shares the handle.
 */
export async function createSecondInstance(t: TestApp): Promise<TestApp> {
  const database = t.database.url ? openPostgres({ url: t.database.url }) : t.database;
  const app = await buildApp({
    config: t.config,
    database,
    authSecret: TEST_AUTH_SECRET,
    webRoot: '/nonexistent-web-build',
    logger: false,
  });
  await app.ready();
  return {
    app,
    database,
    config: t.config,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
    },
  };
}
