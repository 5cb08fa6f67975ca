import { is, type SQL } from 'drizzle-orm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** Drizzle over either engine: the same schema, queries and transactions on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs `work` in `db`'s transaction when `db` already is one, else in a new one. A nested
 * `db.transaction()` is a savepoint: two statements more for a rule that needs its statements atomic,
 * not a way back (a caller that wants one opens its savepoint itself).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return is(db, PgTransaction) ? work(db) : db.transaction(work);
}

/**
 * The rows of a statement written in SQL (`db.execute`). Both drivers answer `{ rows }`, which Drizzle's
 * type for the two engines together does not say.
 */
export async function rowsOf<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

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
  /**
   * Opens every connection the shop keeps (a PostgreSQL pool's, all of them; nothing for PGlite), so
   * that the first requests after a start do not wait for connections to be made; throws saying how
   * many the server refused, keeping those it opened.
   */
  openAll(): Promise<void>;
  close(): Promise<void>;
}
