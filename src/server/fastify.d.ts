import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database, Db } from './db/database';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shorthand for database.db: the Drizzle handle every module queries through. */
    db: Db;
    auth: Auth;
  }
}
