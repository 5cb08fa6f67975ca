import type { Config } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  onPoolError?: (error: Error) => void,
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres({ url: config.DATABASE_URL, onPoolError });
  return openPglite({ dataDir: config.DATA_DIR });
}
