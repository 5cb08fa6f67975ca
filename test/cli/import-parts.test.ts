import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#server/db/pglite.ts';
import { parts } from '#server/db/schema.ts';
import { projectRoot } from '#server/paths.ts';
import { createTestDatabase } from '../support/test-database';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run import:parts -- <args>` as a person types it, from `cwd` (the project or one of its folders). */
function importCommand(args: string[], env: Record<string, string>, cwd = projectRoot): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'import:parts', '--', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const HEADER = 'name,price,minimum,available,category,description,img';

describe('npm run import:parts', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'import-cli-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('loads the sample catalogue into a new embedded database, then refuses the same parts again', async () => {
    const dataDir = join(folder, 'data');
    // Typed in samples/, as a person would: the path is meant from there, not from the project root.
    const first = await importCommand(['parts.csv'], { DATA_DIR: dataDir }, join(projectRoot, 'samples'));
    expect(first.stdout, first.stderr).toMatch(/^Imported 36 parts from parts\.csv in \d+\.\d s\.\n$/);
    expect(first.code).toBe(0);
    // Not a terminal here: plain progress lines instead of a bar.
    expect(first.stderr).toContain('Checking: 100%');
    expect(first.stderr).toContain('Writing: 100% (36/36 parts)');
    // Alone on its folder, into an empty shop: the parts' indexes were built again after the write.
    expect(first.stderr).toMatch(/Indexing: 100% \((\d+)\/\1 indexes\)/);

    const again = await importCommand(['samples/parts.csv'], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Nothing was imported: parts.csv has 36 problems.');
    expect(again.stderr).toContain(
      '  line 2, name: "Dell Latitude 5420 Battery 63Wh" is already in the shop',
    );

    const database = await openPglite({ dataDir });
    try {
      expect(await database.db.$count(parts)).toBe(36);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('names every bad line, writes nothing, and exits 1', async () => {
    const dataDir = join(folder, 'bad');
    const file = join(folder, 'bad.csv');
    await writeFile(
      file,
      [
        HEADER,
        'Good Fan,10,1,5,cooling,Fine.,/images/parts/cooling-fan.svg',
        'Cheap Fan,ten,1,5,cooling,Price in words.,/images/parts/cooling-fan.svg',
        'Odd Fan,10,1,5,fans,No such category.,/images/parts/cooling-fan.svg',
      ].join('\n'),
    );
    const run = await importCommand([file], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Nothing was imported: bad.csv has 2 problems.');
    expect(run.stderr).toContain('  line 3, price: Enter a price in dollars above 0, like 19.99');
    expect(run.stderr).toContain('  line 4, category: There is no category "fans"');
    const database = await openPglite({ dataDir });
    try {
      expect(await database.db.$count(parts)).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('says how to use it, and refuses a missing file or a database another process has open', async () => {
    const usage = await importCommand([], { DATA_DIR: join(folder, 'unused') });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run import:parts -- <file.csv>');
    const missing = await importCommand(['no-such-file.csv'], { DATA_DIR: join(folder, 'unused') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*no-such-file\.csv: ENOENT/);
    const busy = join(folder, 'busy');
    await rm(busy, { recursive: true, force: true });
    await mkdir(busy);
    await writeFile(join(busy, 'postmaster.pid'), '-42\n');
    const refused = await importCommand(['samples/parts.csv'], { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is open in another process: stop the shop, then import');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'imports into the PostgreSQL server in DATABASE_URL',
    async () => {
      const database = await createTestDatabase();
      try {
        const run = await importCommand(['samples/parts.csv'], { DATABASE_URL: database.url! });
        expect(run.stdout, run.stderr).toMatch(/^Imported 36 parts from parts\.csv/);
        // A server's other clients may read the parts meanwhile: its indexes stay in use.
        expect(run.stderr).not.toContain('Indexing');
        expect(await database.db.$count(parts)).toBe(36);
      } finally {
        await database.close();
      }
    },
    120_000,
  );
});
