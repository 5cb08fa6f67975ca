import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pglite-statements';

let raw: PGlite;
let client: PGlite;

beforeAll(async () => {
  raw = await PGlite.create();
});
afterAll(() => raw.close());
// Each test starts with a new table and no prepared statements, for a client of its own.
beforeEach(async () => {
  await raw.exec(
    'deallocate all; drop table if exists things; create table things (id integer primary key, name text not null, tags text[], made timestamptz default now())',
  );
  client = withNamedStatements(raw, 3);
});

const prepared = async () =>
  (
    await raw.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
  ).rows.map((row) => row.statement);

describe('statements run as named prepared statements on PGlite', () => {
  it('answers as PGlite itself does: rows, fields, counts, arrays and rows as arrays', async () => {
    const insert = 'insert into things (id, name, tags) values ($1, $2, $3) returning id, name, tags';
    const ours = await client.query(insert, [1, 'fan', ['a', 'b']]);
    const theirs = await raw.query(insert, [2, 'fan', ['a', 'b']]);
    expect(ours.rows).toEqual([{ id: 1, name: 'fan', tags: ['a', 'b'] }]);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);

    const update = await client.query("update things set name = 'hinge' where id > $1", [0]);
    expect(update).toMatchObject({ rows: [], affectedRows: 2 });

    const select = 'select id, name, made from things where name = $1 order by id';
    const asArrays = await client.query(select, ['hinge'], { rowMode: 'array' });
    const theirArrays = await raw.query(select, ['hinge'], { rowMode: 'array' });
    expect(asArrays.rows).toEqual(theirArrays.rows);
    expect(asArrays.rows[0]).toEqual([1, 'hinge', expect.any(Date)]);
    expect((await client.query('select count(*)::int as n from things where tags is null')).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('reads a reply of many chunks as PGlite does: long values, many rows, types parsed', async () => {
    const text =
      "select n, repeat('é', n % 3 * 3000) as long, array[n, -n] as pair, n % 2 = 0 as even, timestamptz '2026-11-28 10:00Z' + n * interval '1 second' as at from generate_series(1, $1::int) as n";
    const ours = await client.query(text, [2000]);
    const theirs = await raw.query(text, [2000]);
    expect(ours.rows).toHaveLength(2000);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
  });

  it('hands notices to onNotice, and notifications to their listeners once each', async () => {
    const notices: string[] = [];
    await client.query('drop table if exists nothing_here', [], {
      onNotice: (notice) => notices.push(notice.message ?? ''),
    });
    expect(notices).toEqual(['table "nothing_here" does not exist, skipping']);

    const heard: string[] = [];
    const anyChannel: string[] = [];
    const unlisten = await client.listen('Things_Changed', (payload) => heard.push(payload));
    const off = client.onNotification((channel, payload) => anyChannel.push(`${channel}:${payload}`));
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    // Read by this module (a statement on its own), then by PGlite (the commit of a transaction).
    await client.query("select pg_notify('things_changed', 'by a statement')");
    await client.transaction(async (tx) => {
      await tx.query("select pg_notify('things_changed', 'by a transaction')");
    });
    await settled();
    expect(heard).toEqual(['by a statement', 'by a transaction']);
    expect(anyChannel).toEqual(['things_changed:by a statement', 'things_changed:by a transaction']);

    await unlisten();
    off();
    const other: string[] = [];
    await client.listen('things_changed', (payload) => other.push(payload));
    await client.query("select pg_notify('things_changed', 'to the other')");
    await client.unlisten('THINGS_CHANGED');
    await client.query("select pg_notify('things_changed', 'after')");
    await settled();
    expect(heard).toHaveLength(2);
    expect(anyChannel).toHaveLength(2);
    expect(other).toEqual(['to the other']);
  });

  it('parses a statement once and runs it again by name', async () => {
    const text = 'select name from things where id = $1';
    await client.query("insert into things (id, name) values (1, 'fan')");
    for (let i = 0; i < 5; i++) expect((await client.query(text, [1])).rows).toEqual([{ name: 'fan' }]);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
  });

  it('keeps the most recently used statements only, closing the oldest', async () => {
    for (let id = 1; id <= 5; id++) await client.query(`select ${id} as n`);
    expect(await prepared()).toEqual(['select 3 as n', 'select 4 as n', 'select 5 as n']);
    await client.query('select 3 as n');
    await client.query('select 6 as n');
    expect(await prepared()).toEqual(['select 3 as n', 'select 5 as n', 'select 6 as n']);
  });

  it('fails as PGlite does, with the code and the statement, and goes on working', async () => {
    const insert = 'insert into things (id, name) values ($1, $2)';
    await client.query(insert, [1, 'fan']);
    const failure = await client.query(insert, [1, 'again']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', query: insert, params: [1, 'again'] });
    // Failing at parsing, the statement is named too, as PGlite names it.
    const nonsense = 'select nonsense from things where id = $1';
    const theirs = await raw.query(nonsense, [1]).catch((error: unknown) => error);
    const ours = await client.query(nonsense, [1]).catch((error: unknown) => error);
    expect(theirs).toMatchObject({ code: '42703', query: nonsense, params: [1] });
    expect(ours).toMatchObject({ code: '42703', query: nonsense, params: [1] });
    await client.query(insert, [2, 'hinge']);
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('answers a closed database as PGlite does', async () => {
    const closed = await PGlite.create();
    await closed.close();
    const theirs = await closed.query('select 1').catch((error: unknown) => error);
    await expect(withNamedStatements(closed).query('select 1')).rejects.toThrow((theirs as Error).message);
  });

  it('describes a statement again when its table changed the shape of its rows', async () => {
    await client.query("insert into things (id, name) values (1, 'fan')");
    expect((await client.query('select * from things')).fields).toHaveLength(4);
    await client.query('alter table things add column grade text');
    await expect(client.query('select * from things')).rejects.toMatchObject({ code: '0A000' });
    expect((await client.query('select * from things')).fields).toHaveLength(5);
  });

  it('lets the event loop turn before each statement, so that sockets are read while statements queue', async () => {
    let done = 0;
    const queued = Array.from({ length: 20 }, () =>
      client.query('select 1').then(() => {
        done += 1;
      }),
    );
    const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
    await Promise.all(queued);
    expect(done).toBe(20);
    expect(doneWhenTheLoopTurned).toBeLessThan(20);
  });

  it('runs a transaction’s statements in it, and rolls them back with it', async () => {
    await client
      .transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [1, 'fan']);
        expect((await tx.query('select count(*)::int as n from things')).rows).toEqual([{ n: 1 }]);
        throw new Error('changed my mind');
      })
      .catch(() => {});
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 0 }]);
  });

  it('never runs a statement inside another caller’s open transaction', async () => {
    let resume = () => {};
    const paused = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let started = () => {};
    const inTransaction = new Promise<void>((resolve) => {
      started = resolve;
    });
    const rolledBack = client
      .transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [1, 'rolled back']);
        started();
        await paused;
        throw new Error('roll back');
      })
      .catch(() => {});
    await inTransaction;
    const outside = client.query('insert into things (id, name) values ($1, $2)', [2, 'kept']);
    resume();
    await Promise.all([rolledBack, outside]);
    expect((await client.query('select id, name from things')).rows).toEqual([{ id: 2, name: 'kept' }]);
  });
});
