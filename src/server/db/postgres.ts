import { drizzle, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from '#server/paths.ts';
import type { Database, Db } from './database';
import { retryingTransactions } from './retry';
import * as schema from './schema';

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_ID = 7_319_960;

/** How long the server may spend on one statement, wait for one lock, or keep a transaction idle. */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5_000,
  lockMs: 2_000,
  idleInTransactionMs: 10_000,
};

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  onPoolError?: (error: Error) => void;
}

export function openPostgres(options: PostgresOptions): Database & { pool: pg.Pool } {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  const size = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: size,
    // Connections are kept once open (openAll opens them at start): a burst of requests that had to
    // open them made PostgreSQL start a server process for each at once, on the cores the requests
    // needed. The first 20–40 answers of a load at 20 connections were its slowest, 90–130 ms against a
    // p50 of 25–45 ms, on the benchmark catalogue.
    min: size,
    // Waiting longer for a free connection than a request may take helps nobody.
    connectionTimeoutMillis: 3_000,
    application_name: 'laptop-parts-shop',
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A search's first matches are the same from one run to the next (see searchPage in the catalogue
    // service): no scan of a big table starts where another one stopped. Set on each new connection
    // before the pool lends it out (a query sent from the 'connect' event raced the borrower's first
    // statement on the same client), rather than as a start-up option, which a DATABASE_URL's own
    // `options` would replace.
    onConnect: async (client) => {
      await client.query('set synchronize_seqscans = off');
    },
  });
  const onError = (error: Error) => options.onPoolError?.(error);
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', onError);
  // Nor may a checked-out one: pg-pool drops its own listener while a client is lent out, so a socket
  // lost between two statements of a transaction would otherwise be an unhandled 'error' event. The
  // statement in flight fails on its own, and the pool discards the broken client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  const pooled = drizzle({ client: pool, schema });
  const db = pooled as unknown as Db;
  db.transaction = releasingTransactions(pool, pooled);
  retryingTransactions(db);
  const listeners: { stop(): Promise<void> }[] = [];
  return {
    kind: 'postgres',
    pool,
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    listen: async (channel, onNotify, onReconnect) => {
      const listener = listenWithReconnect(options.url, channel, onNotify, onReconnect);
      listeners.push(listener);
      await listener.started;
    },
    ping: async () => {
      await pool.query('select 1');
    },
    openAll: async () => {
      const opened = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()));
      for (const result of opened) if (result.status === 'fulfilled') result.value.release();
      const refused = opened.filter((result) => result.status === 'rejected');
      if (refused.length > 0)
        throw new Error(
          `${refused.length} of ${size} connections could not be opened: ${refused[0]!.reason}`,
        );
    },
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/**
 * Transactions on a connection we check out and always give back. Drizzle's own pooled transaction sends
 * BEGIN before its try/finally, so a connection lost at that moment was never released: after as many
 * such losses as the pool holds, every request waited for a connection until it timed out. The pool
 * discards a client whose connection broke when it comes back.
 */
function releasingTransactions(
  pool: pg.Pool,
  pooled: ReturnType<typeof drizzle<typeof schema>>,
): Db['transaction'] {
  // The schema's relational map is worked out once, by the pool's drizzle(): a new drizzle() per
  // transaction worked it out again each time, 3 % of a loaded checkout's CPU.
  const { fullSchema, schema: tables, tableNamesMap } = pooled._;
  const relational = tables && { fullSchema, schema: tables, tableNamesMap };
  const dialect = new PgDialect();
  return async (run, config) => {
    const client = await pool.connect();
    try {
      return await new NodePgSession(client, dialect, relational).transaction(run as never, config);
    } finally {
      client.release();
    }
  };
}

/**
 * LISTEN on a dedicated connection (outside the pool), reconnecting when it drops and then telling the
 * caller, since notifications sent meanwhile are lost. Returns a function that stops listening.
 */
function listenWithReconnect(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      void next.end().catch(() => {});
      if (!stopped) setTimeout(retry, 500).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    client = next;
    if (isReconnect) onReconnect();
  };
  const retry = () => {
    if (stopped) return;
    connect(true).catch(() => setTimeout(retry, 1000).unref());
  };
  return {
    started: connect(false),
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}
