// `npm start` builds the shop only when there is no finished build at all (the first start). A build
// older than its sources is used as it is, with a notice: rebuilding is `npm run build`, asked for.
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

/** True when no build has finished (the stamp is written last). */
export function buildIsMissing() {
  return !existsSync(stamp) || !existsSync(join(root, 'dist/server/main.js'));
}

/** True when dist/ is missing or older than any of its sources. */
export function buildIsStale() {
  if (buildIsMissing()) return true;
  return statSync(stamp).mtimeMs < Math.max(...inputs.map((input) => newestMtime(join(root, input))));
}

export function ensureBuild() {
  if (buildIsMissing()) {
    console.log('No build yet: building the shop once (npm run build)…');
    const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  } else if (buildIsStale()) {
    console.log('Note: the build is older than the sources; run npm run build to include your changes.');
  }
}
