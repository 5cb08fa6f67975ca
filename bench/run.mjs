// `npm run bench`: builds when dist/ is missing or older than the sources (as `npm start` would), runs
// every benchmark in turn, prints a summary of the budgets and exits non-zero if any of them fails.
import { spawn, spawnSync } from 'node:child_process';
import { buildIsStale } from '../scripts/ensure-build.mjs';
import { root } from './lib.mjs';

const BENCHMARKS = ['catalog', 'checkout', 'frontend', 'startup'];

if (buildIsStale()) {
  console.log('Building (dist/ is missing or older than the sources)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * Runs one benchmark script, echoing its output (Ctrl-C reaches it directly: same process group).
 * @param {string} name
 * @returns {Promise<{ name: string, code: number, budgets: string[] }>}
 */
function run(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`bench/${name}.mjs`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.on('close', (code) => {
      const budgets = output.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
      resolve({ name, code: code ?? 1, budgets });
    });
  });
}

const started = performance.now();
const results = [];
for (const name of BENCHMARKS) results.push(await run(name));

console.log(
  `\n=== summary (${((performance.now() - started) / 60_000).toFixed(1)} min; figures in bench/results.md) ===`,
);
for (const { name, code, budgets } of results) {
  console.log(`${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}`);
  for (const line of budgets) console.log(`  ${line}`);
}
const failed = results.filter(({ code }) => code !== 0).map(({ name }) => name);
console.log(failed.length === 0 ? '\nAll budgets PASS' : `\nBudgets FAIL in: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
