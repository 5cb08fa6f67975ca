import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

const byDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A statement the request path runs again and again, built once per database and prepared under `name`
 * (`build` ends with `.prepare(name)` and takes its values as placeholders): Drizzle does not build its
 * SQL again, and PostgreSQL parses it once per connection. Inside a transaction it is built for that
 * transaction (a prepared statement runs on the connections it was built on), still under its name, so
 * the connection parses it once.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  if (is(db, PgTransaction)) return build(db, name);
  let statements = byDatabase.get(db);
  if (!statements) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}
