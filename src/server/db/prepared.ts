import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** What the shop reads of a Drizzle database or transaction: its session, and the session's connection. */
interface SessionHolder {
  session: { client: unknown; constructor: object };
}

const byDatabase = new WeakMap<Db, Map<string, unknown>>();
/** Statements built for transactions, by the driver's session class (their SQL and result mapping). */
const forTransactions = new Map<object, Map<string, object>>();

/**
 * A statement the request path runs again and again, built once and prepared under `name` (`build`
 * ends with `.prepare(name)` and takes its values as placeholders): Drizzle does not build its SQL
 * again, and PostgreSQL parses it once per connection. Each name is one statement, whoever builds it.
 * A value Drizzle fills in as it builds (the `updated_at` of `$onUpdate`) would be the first build's
 * for ever: such a statement sets it itself (`now()`).
 *
 * Inside a transaction the statement must run on the transaction's connection: the one built for
 * transactions of this driver is used with that connection in place of its own (a Drizzle prepared
 * query keeps its connection as `client` and reads it as it runs; src/server/db/prepared.test.ts holds
 * this to it), so that a transaction, too, pays for building each statement once.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  if (is(db, PgTransaction)) {
    const { session } = db as unknown as SessionHolder;
    let statements = forTransactions.get(session.constructor);
    if (!statements) {
      statements = new Map();
      forTransactions.set(session.constructor, statements);
    }
    let statement = statements.get(name);
    if (statement === undefined) {
      statement = build(db, name) as object;
      // Only ever a prototype: it must not keep the first transaction's connection.
      (statement as { client: unknown }).client = null;
      statements.set(name, statement);
    }
    return Object.create(statement, { client: { value: session.client } }) as T;
  }
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
