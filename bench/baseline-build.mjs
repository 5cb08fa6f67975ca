// An earlier commit's shop, built beside this one, so a benchmark can measure the figure its baseline
// recorded again, side by side with this build on the same machine at the same moments: a budget of
// "n × the baseline" then compares two builds, not today's machine with the one the baseline was
// recorded on.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, runToEnd } from './lib.mjs';

/** A failed command's message (runToEnd's), cut to its first line and its last two, for a report note. */
const shortened = (/** @type {unknown} */ error) => {
  const lines = String(error instanceof Error ? error.message : error)
    .trim()
    .split('\n');
  return [...new Set([lines[0], ...lines.slice(-2)])].join(' / ');
};

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
  try {
    await runToEnd('sh', ['-c', `git -C "${root}" archive ${commit} | tar -x -C "${dir}"`], {}, dir);
    await runToEnd('npm', ['ci', '--no-audit', '--no-fund'], {}, dir);
    await runToEnd('npm', ['run', '--silent', 'build'], {}, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { why: shortened(error) };
  }
  writeFileSync(ready, `${new Date().toISOString()}\n`);
  return { dir };
}
