// Builds the shop when the build is missing or older than its sources (first start, or after a change).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist/.build-stamp');
const inputs = [
  'src',
  'public',
  'drizzle',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when dist/ is missing or older than any of its sources. */
export function buildIsStale() {
  if (!existsSync(stamp) || !existsSync(join(root, 'dist/server/main.js'))) return true;
  return statSync(stamp).mtimeMs < Math.max(...inputs.map((input) => newestMtime(join(root, input))));
}

export function ensureBuild() {
  if (!buildIsStale()) return;
  console.log('Building the shop (first start or changed sources)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
