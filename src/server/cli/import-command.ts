import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { type Config, ConfigError, loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { describeError } from '#server/lib/describe-error.ts';
import type { CsvProblem } from '#server/modules/catalog/csv-file.ts';
import { progressOn } from './progress';

export interface CommandOutput {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/** What an import reports: done (with what to say), or the first problems and how many there are. */
export type ImportOutcome<Done> =
  | ({ ok: true } & Done)
  | { ok: false; problems: CsvProblem[]; problemCount: number };

/** One import command: its usage, its phases (label and unit of each) and the import itself. */
export interface ImportCommand<Phase extends string, Done> {
  usage: string;
  phases: Record<Phase, readonly [label: string, unit: string]>;
  run(
    db: Db,
    bytes: Buffer,
    options: {
      source: string;
      /** Nobody else uses the database while the import runs (the embedded database's folder). */
      alone: boolean;
      onProgress: (phase: Phase, done: number, total: number) => void;
    },
  ): Promise<ImportOutcome<Done>>;
  /** The line printed on success. */
  done(result: Done, file: string, seconds: string): string;
}

/**
 * The embedded database's buffer pool during an import: PostgreSQL's default, eight times the shop's
 * (docs/decisions/016-embedded-database-memory.md). An import has the folder to itself, in a process of
 * its own that ends with it, and writes into every index of the parts table at once: with the shop's
 * 16 MB it wrote pages out and read them back again and again (file writes, reads and size checks were
 * a fifth of `npm run import:parts`'s time on 100,000 parts). An owner's larger PGLITE_SHARED_BUFFERS_MB
 * is kept.
 */
export const IMPORT_SHARED_BUFFERS_MB = 128;

/**
 * An import command (`npm run import:parts -- file.csv`, `npm run import:fits -- file.csv`), answering
 * the process's exit code: 0 imported, 1 refused or failed (with the reasons on stderr), 2 used wrongly.
 */
export async function runImportCommand<Phase extends string, Done>(
  command: ImportCommand<Phase, Done>,
  args: string[],
  env: Record<string, string | undefined>,
  out: CommandOutput = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const say = (line: string) => out.stderr.write(`${line}\n`);
  if (args[0] === '--help' || args[0] === '-h') {
    out.stdout.write(`${command.usage}\n`);
    return 0;
  }
  if (args.length !== 1) {
    say(command.usage);
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
  const pool = Math.max(config.PGLITE_SHARED_BUFFERS_MB, IMPORT_SHARED_BUFFERS_MB);
  const database = await openDatabase({ ...config, PGLITE_SHARED_BUFFERS_MB: pool }, () => {}).catch(
    (error: unknown) => {
      say(`Cannot import: ${where} is not usable: ${describeError(error)}`);
      return null;
    },
  );
  if (!database) return 1;
  const progress = progressOn(out.stderr);
  const started = performance.now();
  let result: ImportOutcome<Done>;
  try {
    await database.ping();
    await database.migrate();
    result = await command.run(database.db, bytes, {
      source: basename(file),
      // The embedded database refused to open above if another process had its folder.
      alone: database.kind === 'pglite',
      onProgress: (phase, done, total) =>
        progress.update(command.phases[phase][0], done, total, command.phases[phase][1]),
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
    out.stdout.write(`${command.done(result, basename(file), seconds)}\n`);
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
