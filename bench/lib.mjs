// Shared helpers for the benchmarks: start and stop shop processes, throwaway PostgreSQL databases, the
// benchmark catalogue, PASS/FAIL budgets, and each run's record compared with the baseline (records.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  commitOf,
  compareWithBaseline,
  loadAverage,
  machineOf,
  readBaseline,
  writeRecord,
} from './records.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminDbUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/** One secret for every shop process of a run, so instances on one database accept each other's cookies. */
const authSecret = randomBytes(32).toString('base64url');

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();
/** @type {Set<string>} */
const tmpDirs = new Set();

// Whatever happens, no process of ours outlives the script.
process.on('exit', () => {
  for (const child of running) killTree(child, 'SIGKILL');
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

/** @param {import('node:child_process').ChildProcess} child @param {NodeJS.Signals} signal */
function killTree(child, signal) {
  if (!child.pid) return;
  try {
    // Detached children lead their own process group (npm → sh → node): signal all of it.
    process.kill(-child.pid, signal);
  } catch {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh temporary folder, removed when the script exits. */
export function tempDir(prefix = 'shop-bench-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tmpDirs.add(dir);
  return dir;
}

/** Kills child (and its process group) when the script exits, if it is still running. @param {import('node:child_process').ChildProcess} child */
export function track(child) {
  running.add(child);
  child.on('exit', () => running.delete(child));
  return child;
}

/**
 * Spawns a process in its own process group, keeping the last lines of its output for error messages.
 * `env` adds to this process's environment (a variable set to undefined is left out).
 * @param {string} command @param {string[]} args @param {Record<string, string | undefined>} env
 * @param {string} [cwd] the folder it runs in (the project's by default)
 */
export function spawnTracked(command, args, env, cwd = root) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  track(child);
  /** @type {string[]} */
  const tail = [];
  const keep = (/** @type {Buffer} */ chunk) => {
    tail.push(...chunk.toString().split('\n').filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - 30));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => tail.join('\n') };
}

/** Environment of a production-like shop: its shipped log level (info), no limits a benchmark would hit. */
export function shopEnv(/** @type {{ port: number, dataDir?: string, databaseUrl?: string }} */ options) {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: authSecret,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
    DATA_DIR: options.dataDir ?? tempDir(),
    DATABASE_URL: options.databaseUrl ?? '',
    ADMIN_EMAILS: 'bench-admin@example.com',
    SIGN_UPS_PER_CLIENT: '100000',
    SIGN_IN_ATTEMPTS_PER_CLIENT: '100000',
    CARD_ATTEMPTS_PER_USER: '100000',
  };
}

/**
 * Polls url until it answers 200; fails early if the process exits.
 * @param {string} url @param {{ child: import('node:child_process').ChildProcess, output: () => string }} proc
 */
export async function waitFor200(url, proc, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`process exited (${proc.child.exitCode}):\n${proc.output()}`);
    const ok = await fetch(url).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) return;
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

/**
 * Starts the production build (`node dist/server/main.js`) and waits for /healthz; `env` adds to (or,
 * set to '', takes back) the benchmark settings of shopEnv; `dir` is another build's folder (an earlier
 * commit's, bench/baseline-build.mjs), this project's by default.
 * @param {{ port: number, dataDir?: string, databaseUrl?: string, env?: Record<string, string>, dir?: string }} options
 */
export async function startShop(options) {
  const { url: smtpUrl } = await mailbox();
  // BENCH_SHOP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each shop a benchmark starts
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SHOP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawnTracked(
    process.execPath,
    [...nodeArgs, 'dist/server/main.js'],
    { ...shopEnv(options), SMTP_URL: smtpUrl, ...options.env },
    options.dir,
  );
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor200(`${url}/healthz`, proc);
  return { ...proc, url };
}

/** @type {Promise<{ url: string, mails: { to: string[], text: string }[] }> | undefined} */
let mailboxStarted;

/**
 * A local SMTP server that keeps what the shops mail, so the benchmark can open a verification link
 * as the account's owner would (ADMIN_EMAILS make admins only of verified addresses).
 */
function mailbox() {
  mailboxStarted ??= (async () => {
    const { SMTPServer } = await import('smtp-server');
    /** @type {{ to: string[], text: string }[]} */
    const mails = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        /** @type {Buffer[]} */
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          const text = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '=');
          mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), text });
          callback();
        });
      },
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    server.server.unref();
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
    return { url: `smtp://127.0.0.1:${port}`, mails };
  })();
  return mailboxStarted;
}

/**
 * Opens the verification link mailed to `email`, on the shop at `base`.
 * @param {string} base @param {string} email
 */
export async function verifyEmail(base, email) {
  const { mails } = await mailbox();
  /** @type {string | undefined} */
  let link;
  // The mail may still be on its way when sign-up answers.
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    const mail = mails.findLast(
      (m) => m.to.includes(email.toLowerCase()) && /Confirm your email/.test(m.text),
    );
    link = mail ? /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail.text)?.[0] : undefined;
    if (!link) await sleep(50);
  }
  if (!link) throw new Error(`no verification mail to ${email}`);
  const target = new URL(link);
  const response = await fetch(new URL(target.pathname + target.search, base), { redirect: 'manual' });
  if (response.status !== 302) throw new Error(`verification of ${email}: ${response.status}`);
}

/** SIGTERM, then SIGKILL after a grace period. @param {{ child: import('node:child_process').ChildProcess }} proc */
export async function stop(proc, graceMs = 10_000) {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  killTree(child, 'SIGTERM');
  const timer = setTimeout(() => killTree(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  // npm start exits before its node child has finished: wait for the whole process group to be gone.
  for (let i = 0; i < 200 && groupAlive(child.pid); i++) await sleep(50);
  if (groupAlive(child.pid)) killTree(child, 'SIGKILL');
}

/** @param {number | undefined} pid */
function groupAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the PostgreSQL server on 127.0.0.1:5432 answers. */
export async function postgresAvailable() {
  const client = new pg.Client({ connectionString: adminDbUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The engines a benchmark measures: those named in the environment variable `variable` (comma-separated,
 * both by default), PostgreSQL only when its server answers. The report says what was left out and why.
 * @param {string} variable @param {{ note: (line: string) => void }} report
 * @returns {Promise<{ pglite: boolean, postgres: boolean }>}
 */
export async function enginesToMeasure(variable, report) {
  const named = (process.env[variable] ?? 'PGlite,PostgreSQL').split(',');
  const pglite = named.includes('PGlite');
  if (!pglite) report.note(`PGlite left out (${variable})`);
  if (!named.includes('PostgreSQL')) {
    report.note(`PostgreSQL left out (${variable})`);
    return { pglite, postgres: false };
  }
  const postgres = await postgresAvailable();
  if (!postgres) report.note('PostgreSQL on 127.0.0.1:5432 does not answer: skipped');
  return { pglite, postgres };
}

/** @param {string} sql */
async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: adminDbUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let databases = 0;

/** Creates a throwaway database, empty or a copy of `template`; returns its name and URL. */
export async function createDatabase(/** @type {string | undefined} */ template) {
  const name = `shop_bench_${process.pid}_${Date.now()}_${databases++}`;
  await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return { name, url: `postgres://postgres@127.0.0.1:5432/${name}` };
}

/** @param {string} name */
export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Parts in the catalogue the catalogue and front-end benchmarks run on. */
export const CATALOGUE_PARTS = 100_000;

/**
 * Runs a command to its end in its own process group; resolves with its output, rejects with the last
 * lines of it when the command fails.
 * @param {string} command @param {string[]} args @param {Record<string, string | undefined>} env
 * @param {string} [cwd] the folder it runs in (the project's by default)
 */
export function runToEnd(command, args, env, cwd = root) {
  const proc = spawnTracked(command, args, env, cwd);
  return new Promise((resolve, reject) => {
    proc.child.on('exit', (code, signal) => {
      if (code === 0) resolve(proc.output());
      else reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}):\n${proc.output()}`));
    });
  });
}

/**
 * Runs a generator script of bench/ (`make-parts-csv.mjs`, `make-fits-csv.mjs`) for `count` rows into
 * a new temporary file named `name`; returns its path.
 * @param {string} script @param {number} count @param {string} name
 */
export function generatedCsv(script, count, name) {
  const csv = join(tempDir('shop-bench-csv-'), name);
  const file = openSync(csv, 'w');
  try {
    const made = spawnSync(process.execPath, [script, String(count)], {
      cwd: root,
      stdio: ['ignore', file, 'inherit'],
    });
    if (made.status !== 0) throw new Error(`${script} exited (${made.status})`);
  } finally {
    closeSync(file);
  }
  return csv;
}

/**
 * Loads a catalogue of `count` parts into a shop database the way an owner would: the CSV written by
 * bench/make-parts-csv.mjs, loaded by the shop's own importer (`npm run import:parts`, which applies the
 * migrations first). Returns the seconds it took, the CSV included, and those of the import alone.
 * @param {{ dataDir?: string, databaseUrl?: string }} target @param {number} count
 */
export async function importCatalogue(target, count = CATALOGUE_PARTS) {
  const started = performance.now();
  const csv = generatedCsv('bench/make-parts-csv.mjs', count, 'parts.csv');
  // The importer reads the shop's settings (the port is not used).
  const env = shopEnv({
    port: 5199,
    dataDir: target.dataDir ?? tempDir(),
    databaseUrl: target.databaseUrl ?? '',
  });
  const importStarted = performance.now();
  await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/import-parts.ts', csv], env);
  const importSeconds = (performance.now() - importStarted) / 1000;
  // The CSV is 100 MB or more: gone now rather than when the script exits.
  rmSync(dirname(csv), { recursive: true, force: true });
  return { seconds: (performance.now() - started) / 1000, importSeconds };
}

/**
 * How bench/run.mjs hands its benchmarks the catalogue it seeded once for the whole run: a closed
 * PGlite data folder to copy, a PostgreSQL database to copy as a template, and how seeding went.
 */
const SEEDED = {
  pglite: 'BENCH_CATALOGUE_PGLITE_DIR',
  postgres: 'BENCH_CATALOGUE_PG_TEMPLATE',
  note: 'BENCH_CATALOGUE_NOTE',
  /** JSON: the seconds `npm run import:parts` took per engine. */
  importSeconds: 'BENCH_CATALOGUE_IMPORT_SECONDS',
};

/** @param {string} engine @param {{ seconds: number, importSeconds: number }} timing */
const seedingNote = (engine, { seconds, importSeconds }) =>
  `${engine} ${seconds.toFixed(1)} s (make-parts-csv.mjs + npm run import:parts, ${CATALOGUE_PARTS.toLocaleString('en')} parts; the import ${importSeconds.toFixed(1)} s)`;

/** The seconds the import took per engine when bench/run.mjs seeded the catalogue. */
const seededImportSeconds = () =>
  /** @type {Record<string, number>} */ (JSON.parse(process.env[SEEDED.importSeconds] ?? '{}'));

/**
 * Seeds the catalogue once for a whole `npm run bench` (PGlite, and PostgreSQL when `withPostgres`);
 * returns the environment that hands it to the benchmark scripts, and `drop` to remove it.
 * @param {boolean} withPostgres
 */
export async function seedCatalogueForRun(withPostgres) {
  /** @type {Record<string, string>} */
  const env = {};
  const dataDir = tempDir('shop-bench-catalogue-');
  const pglite = await importCatalogue({ dataDir });
  const notes = [seedingNote('PGlite', pglite)];
  /** @type {Record<string, number>} */
  const importSeconds = { PGlite: pglite.importSeconds };
  env[SEEDED.pglite] = dataDir;
  /** @type {string | undefined} */
  let template;
  if (withPostgres) {
    const database = await createDatabase();
    template = database.name;
    const postgres = await importCatalogue({ databaseUrl: database.url });
    notes.push(seedingNote('PostgreSQL', postgres));
    importSeconds.PostgreSQL = postgres.importSeconds;
    env[SEEDED.postgres] = database.name;
  }
  env[SEEDED.note] = `seeded once for the run by bench/run.mjs: ${notes.join('; ')}`;
  env[SEEDED.importSeconds] = JSON.stringify(importSeconds);
  return {
    env,
    note: env[SEEDED.note],
    async drop() {
      if (template) await dropDatabase(template);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A database holding the benchmark catalogue (CATALOGUE_PARTS parts) for one shop: a copy of the one
 * bench/run.mjs seeded for the run, else one seeded now. Returns the shop's options, how it was seeded
 * (with the seconds `npm run import:parts` took), and `drop` to remove it.
 * @param {'PGlite' | 'PostgreSQL'} engine
 * @returns {Promise<{ dataDir?: string, databaseUrl?: string, seeding: string, importSeconds: number, drop: () => Promise<void> }>}
 */
export async function catalogueDatabase(engine) {
  const note = process.env[SEEDED.note];
  const importSeconds = seededImportSeconds()[engine] ?? Number.NaN;
  if (engine === 'PGlite') {
    const dataDir = tempDir();
    // The copy goes as soon as its benchmark is done rather than when the script ends.
    const drop = async () => rmSync(dataDir, { recursive: true, force: true });
    const seeded = process.env[SEEDED.pglite];
    if (seeded && note) {
      cpSync(seeded, dataDir, { recursive: true });
      return { dataDir, seeding: `${note}; copied`, importSeconds, drop };
    }
    const timing = await importCatalogue({ dataDir });
    return {
      dataDir,
      seeding: `seeded: ${seedingNote(engine, timing)}`,
      importSeconds: timing.importSeconds,
      drop,
    };
  }
  const template = process.env[SEEDED.postgres];
  const database = await createDatabase(template && note ? template : undefined);
  const drop = () => dropDatabase(database.name);
  if (template && note) return { databaseUrl: database.url, seeding: `${note}; copied`, importSeconds, drop };
  try {
    const timing = await importCatalogue({ databaseUrl: database.url });
    return {
      databaseUrl: database.url,
      seeding: `seeded: ${seedingNote(engine, timing)}`,
      importSeconds: timing.importSeconds,
      drop,
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * Resident memory (VmRSS) and its peak (VmHWM) of a process, in MB, from /proc/<pid>/status.
 * @param {number} pid
 */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (/** @type {string} */ field) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/** Percentile of a list of numbers (nearest rank). @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** `--save-baseline` on a benchmark's command line, or BENCH_SAVE_BASELINE=1 from bench/run.mjs. */
const saveBaseline = process.argv.includes('--save-baseline') || process.env.BENCH_SAVE_BASELINE === '1';

/**
 * Collects a script's figures and budgets: prints them, writes them as a record in bench/records/ (and
 * as the baseline with --save-baseline), prints the comparison with the committed baseline, and sets
 * the exit code (1 when a budget fails).
 * @param {string} title
 */
export function createReport(title) {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadAverage();
  /** @type {string[]} */
  const notes = [];
  /** @type {{ header: string[], rows: string[][] }[]} */
  const tables = [];
  /** @type {{ name: string, pass: boolean, detail: string }[]} */
  const budgets = [];
  console.log(`\n=== ${title} ===`);
  return {
    /** A table of figures. @param {string[]} header @param {(string | number)[][]} rows */
    table(header, rows) {
      const cells = [header, ...rows.map((row) => row.map(String))];
      const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
      for (const row of cells) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
      tables.push({ header, rows: cells.slice(1) });
    },
    /** A line of figures or context (leading spaces nest it under the line before). @param {string} line */
    note(line) {
      console.log(line);
      notes.push(line);
    },
    /** One budget: prints exactly one PASS or FAIL line. @param {string} name @param {boolean} ok @param {string} detail */
    check(name, ok, detail) {
      console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
      budgets.push({ name, pass: ok, detail });
    },
    /** Writes the record, prints the comparison with the baseline and sets the exit code. */
    finish() {
      /** @type {import('./records.mjs').BenchRecord} */
      const record = {
        benchmark: title,
        startedAt,
        finishedAt: new Date().toISOString(),
        commit: commitOf(root),
        machine: machineOf(),
        loadAverage: { start: loadAtStart, end: loadAverage() },
        figures: { notes, tables },
        budgets,
      };
      console.log(`\n--- ${title} compared with its baseline ---`);
      for (const line of compareWithBaseline(record, readBaseline(root, title))) console.log(line);
      const written = writeRecord(root, record, saveBaseline);
      console.log(`record: ${written.join(', ')}${saveBaseline ? ' (saved as the baseline)' : ''}`);
      if (budgets.some((budget) => !budget.pass)) process.exitCode = 1;
    },
  };
}

/** Runs main(report), reporting an unexpected error as a FAIL, and always finishing the report. */
export async function runBenchmark(
  /** @type {string} */ title,
  /** @type {(report: ReturnType<typeof createReport>) => Promise<void>} */ main,
) {
  const report = createReport(title);
  try {
    await main(report);
  } catch (error) {
    report.check(`${title} ran to the end`, false, error instanceof Error ? error.message : String(error));
  } finally {
    report.finish();
  }
  for (const child of running) killTree(child, 'SIGKILL');
  process.exit(process.exitCode ?? 0);
}
