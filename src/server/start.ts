import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { resolveAuthSecret } from './auth/auth-secret';
import type { Config } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './db/seed';
import { promoteConfiguredAdmins } from './modules/users/service';

export interface RunningShop {
  app: FastifyInstance;
  database: Database;
  /** Stops taking requests, lets those in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/** Opens and migrates the database, seeds demo data once, builds the app and listens. */
export async function startShop(config: Config): Promise<RunningShop> {
  const database = await openDatabase(config, (error) => console.warn(`database pool: ${error.message}`));
  try {
    await database.ping();
    await database.migrate();
    if (config.SEED === 'demo') await seedDemoData(database.db);
    await promoteConfiguredAdmins(database.db, config.ADMIN_EMAILS);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
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
