import { mkdir } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '#server/paths.ts';
import type { Database, Db } from './database';
import { withNamedStatements } from './pglite-statements';
import { retryingTransactions } from './retry';
import * as schema from './schema';

export interface PgliteOptions {
  /** A folder, or `memory://` for a throwaway database. */
  dataDir: string;
  /** A dumped data directory to start from (tests clone one migrated template). */
  loadDataDir?: Blob;
  /** PostgreSQL's buffer pool; the rest of the data is read through the operating system's cache. */
  sharedBuffersMb?: number;
}

export const DEFAULT_SHARED_BUFFERS_MB = 16;

export async function openPglite(options: PgliteOptions): Promise<Database & { client: PGlite }> {
  // PostgreSQL's WebAssembly runs on V8's baseline compiler only: optimising its hot functions in
  // background threads left 60-90 MB of compiler memory in the process for good, for uncached queries
  // 10-25% faster (docs/decisions/024-embedded-database-baseline-code.md). Set before PGlite compiles.
  setFlagsFromString('--liftoff-only');
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : options.dataDir, {
    // Catalogue search (trigram similarity, accent folding): the same SQL as on a PostgreSQL server.
    extensions: { pg_trgm, unaccent },
    postgresqlconf: [
      // The buffer pool lives inside this process (see docs/decisions/016-embedded-database-memory.md).
      `shared_buffers=${options.sharedBuffersMb ?? DEFAULT_SHARED_BUFFERS_MB}MB`,
      // A search's first matches are the same from one run to the next (see searchPage in the
      // catalogue service): no scan of a big table starts where another one stopped.
      'synchronize_seqscans=off',
    ],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // Each statement parsed once and run in one call (docs/decisions/042-embedded-database-named-statements.md).
  const named = withNamedStatements(client);
  const db = drizzle({ client: named, schema });
  return {
    kind: 'pglite',
    client,
    db: retryingTransactions(db as unknown as Db),
    migrate: async () => {
      const before = await appliedMigrations(client);
      await migrate(db, { migrationsFolder });
      // PGlite has no autovacuum: a migration that built or filled a table would leave it without the
      // visibility map that index-only scans read (a laptop's page read every fit's row after 0028's
      // rebuild: 192 pages a second against 366 once vacuumed, 1,000,000 fits), until some import
      // vacuumed it. Vacuumed once here instead, after an upgrade only.
      if ((await appliedMigrations(client)) > before) await client.exec('vacuum');
    },
    listen: async (channel, onNotify) => {
      // Through the named statements' client, which hears the notifications in the replies it reads.
      await named.listen(channel, (payload) => onNotify(payload ?? ''));
    },
    ping: async () => {
      await client.query('select 1');
    },
    // One connection, open already.
    openAll: async () => {},
    close: () => client.close(),
  };
}

/** How many migrations the database has had (none before the first). */
async function appliedMigrations(client: PGlite): Promise<number> {
  const table = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table.rows[0]?.found) return 0;
  const { rows } = await client.query<{ applied: number }>(
    'select count(*)::int as applied from drizzle.__drizzle_migrations',
  );
  return rows[0]?.applied ?? 0;
}
