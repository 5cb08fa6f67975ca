import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { describeError } from '../lib/describe-error';
import { type ImportResult, importParts } from '../modules/catalog/import';
import { OPTIONAL_PART_COLUMNS, PART_COLUMNS, SPEC_COLUMN_PREFIX } from '../modules/catalog/parts-csv';
import { progressOn } from './progress';

const USAGE = `Usage: npm run import:parts -- <file.csv>
Loads parts into the shop's database (DATABASE_URL, else DATA_DIR) after applying its migrations.
The first line names the columns, in any order: ${PART_COLUMNS.join(',')}
and, if wanted, ${OPTIONAL_PART_COLUMNS.join(',')} (part numbers separated by |) and ${SPEC_COLUMN_PREFIX}<key> per spec.
Nothing is written unless every row is fine. See README.md, "Importing a catalogue".`;

const PHASES = { checking: ['Checking', 'bytes'], writing: ['Writing', 'parts'] } as const;

export interface CommandOutput {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/**
 * `npm run import:parts -- file.csv`, answering the process's exit code: 0 imported, 1 refused or
 * failed (with the reasons on stderr), 2 used wrongly.
 */
export async function runImportParts(
  args: string[],
  env: Record<string, string | undefined>,
  out: CommandOutput = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const say = (line: string) => out.stderr.write(`${line}\n`);
  if (args[0] === '--help' || args[0] === '-h') {
    out.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length !== 1) {
    say(USAGE);
    return 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    say(error.message);
    return 1;
  }
  // npm runs scripts in the package's folder; a relative path is meant from where the command was typed.
  const file = resolve(env.INIT_CWD ?? process.cwd(), args[0]!);
  const bytes = await readFile(file).catch((error: unknown) => {
    say(`Cannot read ${file}: ${describeError(error)}`);
    return null;
  });
  if (!bytes) return 1;
  // PGlite keeps this file while a process has the folder open; two processes on one folder corrupt it.
  if (!config.DATABASE_URL && existsSync(join(config.DATA_DIR, 'postmaster.pid'))) {
    say(
      `The database in DATA_DIR (${config.DATA_DIR}) is open in another process: stop the shop, then import. ` +
        '(If no shop is running, the last one did not close it: start and stop it once.)',
    );
    return 1;
  }

  const where = config.DATABASE_URL
    ? 'the PostgreSQL server in DATABASE_URL'
    : `the database in DATA_DIR (${config.DATA_DIR})`;
  const database = await openDatabase(config, () => {}).catch((error: unknown) => {
    say(`Cannot import: ${where} is not usable: ${describeError(error)}`);
    return null;
  });
  if (!database) return 1;
  const progress = progressOn(out.stderr);
  const started = performance.now();
  let result: ImportResult;
  try {
    await database.ping();
    await database.migrate();
    result = await importParts(database.db, bytes, {
      source: basename(file),
      onProgress: (phase, done, total) => progress.update(PHASES[phase][0], done, total, PHASES[phase][1]),
    });
  } catch (error) {
    progress.stop();
    say(`Nothing was imported: ${where} failed: ${describeError(error)}`);
    return 1;
  } finally {
    progress.stop();
    await database.close().catch(() => {});
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.ok) {
    out.stdout.write(`Imported ${result.imported} parts from ${basename(file)} in ${seconds} s.\n`);
    return 0;
  }
  say(
    `Nothing was imported: ${basename(file)} has ${result.problemCount} problem${result.problemCount === 1 ? '' : 's'}.`,
  );
  for (const { line, field, message } of result.problems)
    say(`  line ${line}${field ? `, ${field}` : ''}: ${message}`);
  if (result.problemCount > result.problems.length)
    say(`  … and ${result.problemCount - result.problems.length} more.`);
  return 1;
}
