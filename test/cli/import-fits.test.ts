import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '#server/db/pglite.ts';
import { laptopModels, partFits } from '#server/db/schema.ts';
import { projectRoot } from '#server/paths.ts';
import { createTestDatabase } from '../support/test-database';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <script> -- <args>` as a person types it, from `cwd` (the project or one of its folders). */
function npmRun(
  script: string,
  args: string[],
  env: Record<string, string>,
  cwd = projectRoot,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
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

/** The sample fits: 56 lines, 40 models the sample catalogue's parts fit. */
const SAMPLE =
  /^Imported 56 fits from fits\.csv \((\d+) new or changed, (\d+) laptop models? created\) in \d+\.\d s\.\n$/;

describe('npm run import:fits', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'import-fits-cli-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('loads the sample fits for the sample catalogue, creating their models; again, it changes nothing', async () => {
    const dataDir = join(folder, 'data');
    const parts = await npmRun('import:parts', ['samples/parts.csv'], { DATA_DIR: dataDir });
    expect(parts.code, parts.stderr).toBe(0);
    // Typed in samples/, as a person would: the path is meant from there, not from the project root.
    const first = await npmRun(
      'import:fits',
      ['fits.csv'],
      { DATA_DIR: dataDir },
      join(projectRoot, 'samples'),
    );
    expect(first.stdout, first.stderr).toMatch(SAMPLE);
    expect(SAMPLE.exec(first.stdout)?.slice(1)).toEqual(['56', '40']);
    expect(first.code).toBe(0);
    // Not a terminal here: plain progress lines instead of a bar, a phase after the other.
    expect(first.stderr).toContain('Checking: 100%');
    expect(first.stderr).toContain('Matching: 100%');
    expect(first.stderr).toContain('Writing: 100% (56/56 fits)');
    expect(first.stderr).toContain('Indexing: 100%');

    const again = await npmRun('import:fits', ['samples/fits.csv'], { DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(0);
    expect(SAMPLE.exec(again.stdout)?.slice(1)).toEqual(['0', '0']);

    const database = await openPglite({ dataDir });
    try {
      expect(await database.db.$count(partFits)).toBe(56);
      expect(await database.db.$count(laptopModels)).toBe(40);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('names every bad line, writes nothing, and exits 1', async () => {
    const dataDir = join(folder, 'bad');
    const file = join(folder, 'bad-fits.csv');
    await writeFile(
      file,
      [
        'part_number,brand,model,note',
        '01AV427,Lenovo,ThinkPad T480,',
        ',Lenovo,ThinkPad T480,',
        'X1,,T480,',
      ].join('\n'),
    );
    const run = await npmRun('import:fits', [file], { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Nothing was imported: bad-fits.csv has 3 problems.');
    expect(run.stderr).toContain('  line 2, part_number: No part on sale has the part number "01AV427"');
    expect(run.stderr).toContain('  line 3, part_number: Part number is required');
    // A row with problems of its own is not looked up in the shop.
    expect(run.stderr).not.toContain('"X1"');
    expect(run.stderr).toContain('  line 4, brand: Brand is required');
    const database = await openPglite({ dataDir });
    try {
      expect(await database.db.$count(laptopModels)).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('says how to use it', async () => {
    const usage = await npmRun('import:fits', [], { DATA_DIR: join(folder, 'unused') });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run import:fits -- <file.csv>');
    const help = await npmRun('import:fits', ['--help'], { DATA_DIR: join(folder, 'unused') });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('part_number,brand,model');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'imports into the PostgreSQL server in DATABASE_URL',
    async () => {
      const database = await createTestDatabase();
      try {
        const env = { DATABASE_URL: database.url! };
        expect((await npmRun('import:parts', ['samples/parts.csv'], env)).code).toBe(0);
        const run = await npmRun('import:fits', ['samples/fits.csv'], env);
        expect(SAMPLE.exec(run.stdout)?.slice(1), run.stderr).toEqual(['56', '40']);
        expect(await database.db.$count(partFits)).toBe(56);
      } finally {
        await database.close();
      }
    },
    120_000,
  );
});
