import type { FastifyInstance } from 'fastify';
import { resolveAuthSecret } from '#server/auth/auth-secret.ts';
import { promoteConfiguredAdmins } from '#server/auth/configured-admins.ts';
import type { Database } from '#server/db/database.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { seedDemoData } from '#server/db/seed.ts';
import { buildApp } from './app';
import type { Config } from './config';

export interface RunningShop {
  app: FastifyInstance;
  database: Database;
  /** Stops taking requests, lets those in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/**
 * Opens and migrates the database, seeds demo data once, builds the app and listens. `say` hears each
 * step before it starts: a first start spends half a minute creating and filling the database, which
 * would otherwise look like a hang.
 */
export async function startShop(
  config: Config,
  say: (step: string) => void = () => {},
): Promise<RunningShop> {
  say(
    config.DATABASE_URL
      ? 'Connecting to the PostgreSQL server…'
      : `Opening the embedded database in ${config.DATA_DIR}…`,
  );
  const database = await openDatabase(config, (error) => console.warn(`database pool: ${error.message}`));
  try {
    await database.ping();
    say('Bringing the database up to date (its first migration takes a while)…');
    await database.migrate();
    if (config.SEED === 'demo' && (await seedDemoData(database.db))) say('Added the demo catalogue.');
    await promoteConfiguredAdmins(database.db, config.ADMIN_EMAILS);
    // A server short of connections still serves with those it gave; the pool opens others as it can.
    await database.openAll().catch((error: Error) => console.warn(`database pool: ${error.message}`));
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  say('Starting the web server…');
  const app = await buildApp({ config, database, authSecret: await resolveAuthSecret(config) });
  await app.listen({ port: config.PORT, host: config.HOST });
  return {
    app,
    database,
    stop: async () => {
      await app.close();
      await database.close();
    },
  };
}
