import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '#server/db/pglite.ts';
import { openPostgres } from '#server/db/postgres.ts';
import { adminUrl, databaseUrl } from './postgres-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite runs: a dump of a migrated database, loaded by every test file. */
    pgliteTemplate: string;
    /** PostgreSQL runs (TEST_DATABASE_URL): a migrated database that every test file copies. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one template per run (a cold PGlite start costs seconds) that each test file clones:
 * a dumped data directory for PGlite, a template database for PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `shop_template_${process.pid}`;
    const admin = openPostgres({ url: adminUrl(serverUrl) });
    await admin.pool.query(`drop database if exists ${name}`);
    await admin.pool.query(`create database ${name}`);
    const template = openPostgres({ url: databaseUrl(serverUrl, name) });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.pool.query(`drop database if exists ${name} with (force)`);
      await admin.close();
    };
  }

  const folder = await mkdtemp(join(tmpdir(), 'shop-template-'));
  const database = await openPglite({ dataDir: 'memory://' });
  await database.migrate();
  const dump = await database.client.dumpDataDir('none');
  await database.close();
  const file = join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => rm(folder, { recursive: true, force: true });
}
