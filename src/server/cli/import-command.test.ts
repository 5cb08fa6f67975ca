import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { DEFAULT_SHARED_BUFFERS_MB } from '#server/db/pglite.ts';
import { commandOutput } from '../../../test/support/command-output';
import { type CommandOutput, IMPORT_SHARED_BUFFERS_MB, runImportCommand } from './import-command';

/**
 * Runs an import command with `env` (DATA_DIR: a new embedded database) whose import reads the buffer
 * pool the database was opened with; answers it (PostgreSQL's `shared_buffers`, e.g. "128MB").
 */
async function poolOfAnImport(file: string, env: Record<string, string>): Promise<string> {
  let pool = '';
  const stdout = commandOutput(false);
  const stderr = commandOutput(false);
  const out: CommandOutput = { stdout: stdout.stream, stderr: stderr.stream };
  const code = await runImportCommand(
    {
      usage: 'usage',
      phases: { reading: ['Reading', 'rows'] },
      run: async (db) => {
        [{ pool = '' } = {}] = await rowsOf<{ pool: string }>(
          db,
          sql`select current_setting('shared_buffers') as pool`,
        );
        return { ok: true };
      },
      done: () => 'done',
    },
    [file],
    env,
    out,
  );
  expect(code, stderr.text()).toBe(0);
  return pool;
}

describe('an import command on the embedded database', () => {
  let folder: string;
  let file: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'import-pool-'));
    file = join(folder, 'rows.csv');
    await writeFile(file, 'a\n1\n');
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it("opens it with a buffer pool larger than the shop's, which an owner can still raise", async () => {
    expect(IMPORT_SHARED_BUFFERS_MB).toBeGreaterThan(DEFAULT_SHARED_BUFFERS_MB);
    expect(await poolOfAnImport(file, { DATA_DIR: join(folder, 'default') })).toBe(
      `${IMPORT_SHARED_BUFFERS_MB}MB`,
    );
    const larger = IMPORT_SHARED_BUFFERS_MB * 2;
    expect(
      await poolOfAnImport(file, {
        DATA_DIR: join(folder, 'larger'),
        PGLITE_SHARED_BUFFERS_MB: String(larger),
      }),
    ).toBe(`${larger}MB`);
  }, 120_000);
});
