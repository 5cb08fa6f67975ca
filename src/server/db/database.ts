import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** Drizzle over either engine: the same schema, queries and transactions on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies the committed migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /**
   * Calls `onNotify` with the payload ('' when none) of each NOTIFY on the channel, from any instance on
   * this database; `onReconnect` after the listening connection was lost and restored (notifications
   * may have been missed).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect: () => void): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
