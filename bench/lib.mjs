// Shared helpers for the benchmarks: start and stop shop processes, throwaway PostgreSQL databases,
// PASS/FAIL budgets and the dated sections appended to bench/results.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, machine, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'bench', 'results.md');
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
 * @param {string} command @param {string[]} args @param {Record<string, string>} env
 */
export function spawnTracked(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
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

/** Environment of a production-like shop: quiet logs, no limits a benchmark would hit. */
export function shopEnv(/** @type {{ port: number, dataDir?: string, databaseUrl?: string }} */ options) {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: authSecret,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: '',
    LOG_LEVEL: 'warn',
    DATA_DIR: options.dataDir ?? tempDir(),
    DATABASE_URL: options.databaseUrl ?? '',
    ADMIN_EMAILS: 'bench-admin@example.com',
    SIGN_UPS_PER_CLIENT: '100000',
    SIGN_IN_ATTEMPTS_PER_CLIENT: '100000',
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
 * Starts the production build (`node dist/server/main.js`) and waits for /healthz.
 * @param {{ port: number, dataDir?: string, databaseUrl?: string }} options
 */
export async function startShop(options) {
  const proc = spawnTracked(process.execPath, ['dist/server/main.js'], shopEnv(options));
  const url = `http://127.0.0.1:${options.port}`;
  await waitFor200(`${url}/healthz`, proc);
  return { ...proc, url };
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

/** Creates a throwaway database; returns its name and URL. */
export async function createDatabase() {
  const name = `shop_bench_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return { name, url: `postgres://postgres@127.0.0.1:5432/${name}` };
}

/** @param {string} name */
export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Percentile of a list of numbers (nearest rank). @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Collects a script's figures and budgets: prints them, appends a dated section to bench/results.md,
 * and sets the exit code (1 when a budget fails).
 * @param {string} title
 */
export function createReport(title) {
  /** @type {string[]} */
  const markdown = [];
  /** @type {boolean[]} */
  const outcomes = [];
  console.log(`\n=== ${title} ===`);
  return {
    /** A table of figures. @param {string[]} header @param {(string | number)[][]} rows */
    table(header, rows) {
      const cells = [header, ...rows.map((row) => row.map(String))];
      const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
      for (const row of cells) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
      markdown.push('', `| ${header.join(' | ')} |`, `|${header.map(() => ' --- |').join('')}`);
      for (const row of cells.slice(1)) markdown.push(`| ${row.join(' | ')} |`);
      markdown.push('');
    },
    /** A line of figures or context (leading spaces nest it under the line before). @param {string} line */
    note(line) {
      console.log(line);
      const indent = line.match(/^ */)?.[0] ?? '';
      markdown.push(`${indent}- ${line.trim()}`);
    },
    /** One budget: prints exactly one PASS or FAIL line. @param {string} name @param {boolean} ok @param {string} detail */
    check(name, ok, detail) {
      const line = `${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`;
      console.log(line);
      markdown.push(`- **${ok ? 'PASS' : 'FAIL'}** ${name}: ${detail}`);
      outcomes.push(ok);
    },
    /** Appends the section to bench/results.md and sets the exit code. */
    finish() {
      const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
      const context = `${machine()}, ${availableParallelism()} cores (${cpu}), node ${process.version}`;
      if (!existsSync(resultsFile)) {
        appendFileSync(
          resultsFile,
          '# Benchmark results\n\nAppended by `npm run bench` (see bench/run.mjs).\n',
        );
      }
      const section = [`\n## ${title} — ${new Date().toISOString()}`, '', context, ...markdown, ''];
      appendFileSync(resultsFile, section.join('\n'));
      if (outcomes.includes(false)) process.exitCode = 1;
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
