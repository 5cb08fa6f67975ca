// Benchmark records (docs/decisions/015-benchmark-records.md): every run of a benchmark is one JSON file,
// bench/records/<benchmark>-<time>.json (git-ignored), holding the commit it ran on, the machine, its
// figures and its budgets. One run per benchmark is kept as the committed baseline,
// bench/baselines/<benchmark>.json (written by `--save-baseline`), and every run prints how its figures
// and budgets compare with it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, machine, totalmem } from 'node:os';
import { join, relative } from 'node:path';

/**
 * @typedef {{ header: string[], rows: string[][] }} Table
 * @typedef {{ name: string, pass: boolean, detail: string }} Budget
 * @typedef {{
 *   benchmark: string,
 *   startedAt: string,
 *   finishedAt: string,
 *   commit: { id: string | null, dirty: boolean | null },
 *   machine: { cpus: number, model: string, memoryGiB: number, arch: string, platform: string, node: string },
 *   loadAverage: { start: number[], end: number[] },
 *   figures: { notes: string[], tables: Table[] },
 *   budgets: Budget[],
 * }} BenchRecord
 */

/** The commit the working tree is at, and whether tracked files differ from it. @param {string} root */
export function commitOf(root) {
  const git = (/** @type {string[]} */ args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return {
      id: git(['rev-parse', 'HEAD']),
      dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    };
  } catch {
    return { id: null, dirty: null };
  }
}

/** What the figures were measured on. */
export function machineOf() {
  return {
    cpus: availableParallelism(),
    model: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    arch: machine(),
    platform: process.platform,
    node: process.version,
  };
}

/** The 1, 5 and 15 minute load averages, to two decimals: how busy the shared machine was. */
export const loadAverage = () => loadavg().map((load) => Math.round(load * 100) / 100);

/**
 * Writes the run's record into bench/records/, and with `saveBaseline` also as the benchmark's baseline;
 * returns the paths written.
 * @param {string} root @param {BenchRecord} record @param {boolean} saveBaseline
 */
export function writeRecord(root, record, saveBaseline) {
  const records = join(root, 'bench', 'records');
  mkdirSync(records, { recursive: true });
  const file = join(records, `${record.benchmark}-${record.startedAt.replace(/[:.]/g, '-')}.json`);
  const json = `${JSON.stringify(record, null, 2)}\n`;
  writeFileSync(file, json);
  const written = [relative(root, file)];
  if (saveBaseline) {
    const baseline = baselinePath(root, record.benchmark);
    mkdirSync(join(root, 'bench', 'baselines'), { recursive: true });
    writeFileSync(baseline, json);
    written.push(relative(root, baseline));
  }
  return written;
}

/** @param {string} root @param {string} benchmark */
const baselinePath = (root, benchmark) => join(root, 'bench', 'baselines', `${benchmark}.json`);

/** The committed baseline of a benchmark, if there is one. @param {string} root @param {string} benchmark */
export function readBaseline(root, benchmark) {
  const file = baselinePath(root, benchmark);
  if (!existsSync(file)) return undefined;
  return /** @type {BenchRecord} */ (JSON.parse(readFileSync(file, 'utf8')));
}

/** Ids that differ from run to run (parts, orders) stand as `:id`, so that rows and budgets match. */
const stable = (/** @type {string} */ text) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':id');

/** The number a figure or a budget's detail starts with ("0.93 (rounds …)", "VmRSS 403 MB" → 403). */
function firstNumber(/** @type {string} */ text) {
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(text);
  return match ? Number(match[0].replace(/,/g, '')) : undefined;
}

/** A cell is a figure when it starts with a number; the other cells of a row name it. */
const isFigure = (/** @type {string} */ cell) => /^-?\d/.test(cell.trim());

function change(/** @type {number} */ before, /** @type {number} */ now) {
  if (before === now) return '=';
  if (before === 0) return 'new';
  const percent = ((now - before) / Math.abs(before)) * 100;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(0)}%`;
}

/**
 * Lines comparing a run with the baseline: each budget's outcome and leading figure, then every figure
 * of the tables that differs (rows matched by their naming cells, columns by their header).
 * @param {BenchRecord} run @param {BenchRecord | undefined} baseline
 * @returns {string[]}
 */
export function compareWithBaseline(run, baseline) {
  if (!baseline)
    return [
      `no baseline for ${run.benchmark} (bench/baselines/${run.benchmark}.json): save one with --save-baseline`,
    ];
  const commit = baseline.commit.id
    ? `${baseline.commit.id.slice(0, 10)}${baseline.commit.dirty ? ' (with changes)' : ''}`
    : 'unknown commit';
  const { machine: then } = baseline;
  const now = run.machine;
  const sameMachine = then.cpus === now.cpus && then.model === now.model && then.node === now.node;
  const lines = [
    `baseline: ${baseline.startedAt}, commit ${commit}, ${then.cpus} × ${then.model}, node ${then.node}, ` +
      `load ${baseline.loadAverage.start.join(' ')}${sameMachine ? '' : ' — another kind of machine: figures compare loosely'}`,
  ];

  const before = new Map(baseline.budgets.map((budget) => [stable(budget.name), budget]));
  const seen = new Set();
  for (const budget of run.budgets) {
    const key = stable(budget.name);
    seen.add(key);
    const old = before.get(key);
    const status = budget.pass ? 'PASS' : 'FAIL';
    if (!old) {
      lines.push(`  ${status} (new budget) ${budget.name}`);
      continue;
    }
    const [a, b] = [firstNumber(old.detail), firstNumber(budget.detail)];
    const figures = a !== undefined && b !== undefined ? `: ${a} → ${b} (${change(a, b)})` : '';
    const outcome = old.pass === budget.pass ? status : `${old.pass ? 'PASS' : 'FAIL'} → ${status}`;
    lines.push(`  ${outcome} ${budget.name}${figures}`);
  }
  for (const [key, old] of before) if (!seen.has(key)) lines.push(`  (budget gone) ${old.name}`);

  let unchanged = 0;
  for (const table of run.figures.tables) {
    const header = table.header.join('|');
    const old = baseline.figures.tables.find((candidate) => candidate.header.join('|') === header);
    if (!old) continue;
    const rowKey = (/** @type {string[]} */ row) => stable(row.filter((cell) => !isFigure(cell)).join(' | '));
    const oldRows = new Map(old.rows.map((row) => [rowKey(row), row]));
    for (const row of table.rows) {
      const oldRow = oldRows.get(rowKey(row));
      if (!oldRow) continue;
      row.forEach((cell, i) => {
        if (!isFigure(cell) || !isFigure(oldRow[i] ?? '')) return;
        const [a, b] = [firstNumber(oldRow[i] ?? ''), firstNumber(cell)];
        if (a === undefined || b === undefined) return;
        if (a === b) {
          unchanged++;
          return;
        }
        lines.push(`    ${rowKey(row)}, ${table.header[i]}: ${oldRow[i]} → ${cell} (${change(a, b)})`);
      });
    }
  }
  if (unchanged > 0) lines.push(`    (${unchanged} other figures as in the baseline)`);
  return lines;
}
