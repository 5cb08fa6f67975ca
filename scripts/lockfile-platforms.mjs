// Our package registry serves only this platform's optional binaries (esbuild, Biome, Tailwind's oxide,
// rolldown…), so `npm install` leaves the other platforms out of package-lock.json and `npm ci` then
// refuses the lockfile. This adds those entries back with their os/cpu/libc, which npm uses to skip
// them everywhere they do not apply, so nothing is ever fetched for them.
//   npm run lockfile:platforms               after `npm install` changed the lockfile: adds them
//   npm run lockfile:platforms -- --check    (part of `npm test`) fails when some are missing
// It is not a postinstall script: installing must never rewrite the lockfile behind anyone's back.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** Other spellings of an operating system in package names (sharp writes musl Linux as one word). */
const OS_ALIASES = { win: 'win32', macos: 'darwin', linuxmusl: 'linux' };

/**
 * Reads the platform from names like @biomejs/cli-linux-x64-musl, @esbuild/darwin-arm64 or
 * @img/sharp-linuxmusl-x64.
 */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OS.includes(token) || token in OS_ALIASES);
  const cpu = tokens.find((token) => CPU.includes(token));
  const platform = {};
  if (os) platform.os = [OS_ALIASES[os] ?? os];
  if (cpu) platform.cpu = [cpu];
  if (tokens.includes('musl') || tokens.includes('linuxmusl')) platform.libc = ['musl'];
  else if (tokens.includes('gnu') || tokens.includes('gnueabihf') || (os === 'linux' && cpu))
    platform.libc = ['glibc'];
  if (tokens.includes('wasi')) platform.cpu = ['wasm32'];
  return platform;
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: leave it to npm
    packages[`node_modules/${name}`] = {
      version: version.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added += 1;
  }
}

const CHECK_ONLY = process.argv.includes('--check');
if (CHECK_ONLY && added > 0) {
  console.error(
    `package-lock.json lacks ${added} other-platform optional packages, so npm ci fails elsewhere: run npm run lockfile:platforms`,
  );
  process.exit(1);
} else if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} other-platform optional packages`);
}
