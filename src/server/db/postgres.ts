import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import type { Database, Db } from './database';
import * as schema from './schema';

/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_ID = 7_319_960;

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}

export function openPostgres(options: PostgresOptions): Database & { pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzle({ client: pool, schema });
  const listeners: { stop(): Promise<void> }[] = [];
  return {
    kind: 'postgres',
    pool,
    db: db as unknown as Db,
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
    close: async () => {
      await Promise.all(listeners.map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/**
 * LISTEN on a dedicated connection (outside the pool), reconnecting when it drops and then telling the
 * caller, since notifications sent meanwhile are lost. Returns a function that stops listening.
 */
function listenWithReconnect(url: string, channel: string, onNotify: () => void, onReconnect: () => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
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
