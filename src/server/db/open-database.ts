import type { Config } from '#server/config.ts';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export async function openDatabase(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'DATA_DIR'
    | 'PGLITE_SHARED_BUFFERS_MB'
    | 'DB_STATEMENT_TIMEOUT_MS'
    | 'DB_LOCK_TIMEOUT_MS'
    | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  >,
  onPoolError?: (error: Error) => void,
): Promise<Database> {
  if (config.DATABASE_URL) {
    const timeouts = {
      statementMs: config.DB_STATEMENT_TIMEOUT_MS,
      lockMs: config.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    };
    return openPostgres({ url: config.DATABASE_URL, timeouts, onPoolError });
  }
  return openPglite({ dataDir: config.DATA_DIR, sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
}
