// `npm run bench`: builds when dist/ is missing or older than the sources (as `npm start` would), seeds
// the benchmark catalogue once (PGlite, and PostgreSQL when it answers) for the benchmarks to copy, runs
// every benchmark in turn, prints a summary of the budgets and exits non-zero if any of them fails. Each
// benchmark writes its record to bench/records/ and compares it with bench/baselines/<name>.json;
// `npm run bench -- --save-baseline` makes this run's records the baselines (see bench/records.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { buildIsStale } from '../scripts/ensure-build.mjs';
import { postgresAvailable, root, seedCatalogueForRun } from './lib.mjs';

const BENCHMARKS = ['catalog', 'fitment', 'checkout', 'signin-flood', 'frontend', 'startup'];
const saveBaseline = process.argv.includes('--save-baseline');

if (buildIsStale()) {
  console.log('Building (dist/ is missing or older than the sources)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log('Seeding the benchmark catalogue…');
const seeded = await seedCatalogueForRun(await postgresAvailable());
console.log(seeded.note);

/**
 * Runs one benchmark script, echoing its output (Ctrl-C reaches it directly: same process group).
 * @param {string} name
 * @returns {Promise<{ name: string, code: number, budgets: string[] }>}
 */
function run(name) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`bench/${name}.mjs`], {
      cwd: root,
      env: { ...process.env, ...seeded.env, ...(saveBaseline ? { BENCH_SAVE_BASELINE: '1' } : {}) },
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
try {
  for (const name of BENCHMARKS) results.push(await run(name));
} finally {
  await seeded.drop();
}

console.log(
  `\n=== summary (${((performance.now() - started) / 60_000).toFixed(1)} min; records in bench/records/${saveBaseline ? ', saved as the baselines in bench/baselines/' : ''}) ===`,
);
for (const { name, code, budgets } of results) {
  console.log(`${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`}`);
  for (const line of budgets) console.log(`  ${line}`);
}
const failed = results.filter(({ code }) => code !== 0).map(({ name }) => name);
console.log(failed.length === 0 ? '\nAll budgets PASS' : `\nBudgets FAIL in: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
