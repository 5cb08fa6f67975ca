// An earlier commit's shop, built beside this one, so a benchmark can measure the figure its baseline
// recorded again in the same run, on the same machine at the same moment: a budget of "n × the
// baseline" then compares two builds, not today's machine with the one the baseline was recorded on.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './lib.mjs';

/**
 * Runs a command to its end, its output kept for the error message; resolves to whether it succeeded.
 * @param {string} command @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<{ ok: boolean, output: string }>}
 */
function run(command, args, cwd, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ ok: false, output: error.message }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

const lastLines = (/** @type {string} */ output) => output.trim().split('\n').slice(-3).join(' / ');

/**
 * The commit's files (git archive: no work tree of ours is touched), installed and built in a folder
 * of the system's temporary directory, kept there for the next run. Returns the folder, or why it could
 * not be had (the commit is not in this clone, the registry does not answer, the build fails).
 * @param {string} commit
 * @returns {Promise<{ dir: string } | { why: string }>}
 */
export async function baselineBuild(commit) {
  const dir = join(tmpdir(), `laptop-shop-build-${commit.slice(0, 12)}`);
  const ready = join(dir, '.built');
  if (existsSync(ready)) return { dir };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const steps = [
    ['sh', ['-c', `git -C "${root}" archive ${commit} | tar -x -C "${dir}"`]],
    ['npm', ['ci', '--no-audit', '--no-fund']],
    ['npm', ['run', '--silent', 'build']],
  ];
  for (const [command, args] of /** @type {[string, string[]][]} */ (steps)) {
    const done = await run(command, args, dir);
    if (!done.ok) {
      rmSync(dir, { recursive: true, force: true });
      return { why: `${command} ${args.join(' ')} failed: ${lastLines(done.output)}` };
    }
  }
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  return { dir };
}

/**
 * Runs one of the built commit's own benchmarks there (without this run's BENCH_ settings, which it may
 * not know) and returns the record it wrote, or why there is none.
 * @param {string} dir @param {string} benchmark
 * @returns {Promise<{ record: import('./records.mjs').BenchRecord } | { why: string }>}
 */
export async function runBenchmarkOf(dir, benchmark) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BENCH_')));
  const records = join(dir, 'bench', 'records');
  rmSync(records, { recursive: true, force: true });
  const done = await run(process.execPath, [join('bench', `${benchmark}.mjs`)], dir, env);
  const file = existsSync(records) && readdirSync(records).find((name) => name.startsWith(`${benchmark}-`));
  if (!file) return { why: `its bench/${benchmark}.mjs wrote no record: ${lastLines(done.output)}` };
  return { record: JSON.parse(readFileSync(join(records, file), 'utf8')) };
}
