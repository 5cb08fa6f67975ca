import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import type { Db } from './database';
import { prepared } from './prepared';

const notes = pgTable('prepared_test_notes', { id: integer().primaryKey(), body: text().notNull() });

let database: TestDatabase;
let builds = 0;

/** A prepared read of one note, counting how often Drizzle is asked to build it. */
const noteById = (db: Db) =>
  prepared(db, 'prepared_test_note', (on, name) => {
    builds += 1;
    return on
      .select()
      .from(notes)
      .where(eq(notes.id, sql.placeholder('id')))
      .prepare(name);
  });

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table prepared_test_notes (id integer primary key, body text not null)`,
  );
});
afterAll(async () => {
  await database.close();
});

describe('prepared statements', () => {
  it('run inside a transaction on its connection, built once for every transaction', async () => {
    builds = 0;
    for (const id of [1, 2, 3]) {
      const seen = await database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ id, body: `note ${id}` });
        // Not committed yet: only the transaction's own connection sees it.
        return noteById(tx).execute({ id });
      });
      expect(seen).toEqual([{ id, body: `note ${id}` }]);
    }
    expect(builds).toBe(1);
  });

  it('leave nothing behind when their transaction rolls back, and serve the database outside one', async () => {
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ id: 10, body: 'rolled back' });
        expect(await noteById(tx).execute({ id: 10 })).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => 'rolled back');
    expect(seen).toBe('rolled back');
    expect(await noteById(database.db).execute({ id: 10 })).toEqual([]);
    expect(await noteById(database.db).execute({ id: 1 })).toEqual([{ id: 1, body: 'note 1' }]);
  });

  it('keep two transactions at once apart', async () => {
    const both = await Promise.all(
      [20, 21].map((id) =>
        database.db.transaction(async (tx) => {
          await tx.insert(notes).values({ id, body: `note ${id}` });
          return [
            await noteById(tx).execute({ id }),
            await noteById(tx).execute({ id: id === 20 ? 21 : 20 }),
          ];
        }),
      ),
    );
    // Each sees its own note; the other's is not committed (PostgreSQL), or not yet written (PGlite,
    // which runs one transaction at a time and so ran the first to its end before the second).
    expect(both[0]![0]).toEqual([{ id: 20, body: 'note 20' }]);
    expect(both[1]![0]).toEqual([{ id: 21, body: 'note 21' }]);
    expect(both[0]![1]).toEqual([]);
  });
});
