#!/usr/bin/env node
// Rewrites relative imports that leave their own part of the code to the package's aliases (decision 039):
//   src/server/…  →  #server/…      src/web/…  →  #web/…      src/shared/…  →  #shared/…
//
//   node scripts/codemods/path-aliases.mjs            rewrite the files tracked by git, then list them
//   node scripts/codemods/path-aliases.mjs --check    rewrite nothing; exit 1 naming each import left to do
//   node scripts/codemods/path-aliases.mjs FILE…      only these files
//
// Idempotent: a second run changes nothing, so it can be run again after a merge brought new code in.
// Run `npx biome check --write .` after it: import order follows the new names.
//
// The rule. Each file belongs to one unit:
//   src/web/features/<name>/… and src/server/modules/<name>/…   that feature or module;
//   src/<area>/<folder>/…                                        that folder (src/server/http, src/web/lib, …);
//   src/<area>/<file>                                            the area's own top-level files.
// An import of a file in the same unit stays relative ('./service', '../api/get-part'): short, and the unit
// moves as one. Any other import of a file under src/server, src/web or src/shared, also from test/, e2e/,
// scripts/ or bench/, is written with the alias and the file's own extension ('#server/db/schema.ts'):
// the package's `imports` field maps each alias to its folder exactly as Node does, and esbuild and Node
// add no extension to such a target, so it is written out.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const AREAS = ['server', 'web', 'shared'];
const CODE_FILE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '.json'];
/**
 * Module specifiers: `from '…'` (imports and re-exports), side-effect `import '…'`, `import('…')`
 * (also in types) and vitest's `vi.mock('…')` family, which must name the module as its importers do.
 */
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\2/g;

const toPosix = (path) => path.split(sep).join('/');

/** `src/server/modules/orders`, `src/web/lib`, `src/shared` …; null outside src/<area>. */
function unitOf(file) {
  const parts = file.split('/');
  if (parts[0] !== 'src' || !AREAS.includes(parts[1])) return null;
  if (parts.length <= 3) return parts.slice(0, 2).join('/');
  const grouped =
    (parts[1] === 'web' && parts[2] === 'features') || (parts[1] === 'server' && parts[2] === 'modules');
  if (grouped && parts.length > 4) return parts.slice(0, 4).join('/');
  return parts.slice(0, 3).join('/');
}

/** The file an import names (with its extension), or null when there is none. */
function resolveFile(base) {
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  // `import './x.js'` written for a TypeScript file.
  const script = base.match(/^(.*)\.(m?)js$/);
  if (script)
    for (const extension of [`.${script[2]}ts`, '.tsx'])
      if (existsSync(script[1] + extension)) return script[1] + extension;
  for (const extension of EXTENSIONS)
    if (existsSync(join(base, `index${extension}`))) return toPosix(join(base, `index${extension}`));
  return null;
}

/** The new specifier for `specifier` in `file`, or null to keep it. */
function aliasFor(file, specifier) {
  const [path, query = ''] = specifier.split(/(?=\?)/);
  const target = toPosix(normalize(join(dirname(file), path)));
  const targetUnit = unitOf(target);
  if (!targetUnit) return null;
  if (unitOf(file) === targetUnit) return null;
  const found = resolveFile(target);
  if (!found) {
    console.warn(`${file}: '${specifier}' names no file; left as it is`);
    return null;
  }
  const [, area, ...rest] = found.split('/');
  return `#${area}/${rest.join('/')}${query}`;
}

function rewrite(file, source) {
  const todo = [];
  const text = source.replace(SPECIFIER, (whole, before, quote, specifier) => {
    const alias = aliasFor(file, specifier);
    if (!alias) return whole;
    todo.push(`${specifier} → ${alias}`);
    return `${before}${quote}${alias}${quote}`;
  });
  return { text, todo };
}

function trackedFiles() {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => CODE_FILE.test(file) && existsSync(file));
}

const args = process.argv.slice(2);
const check = args.includes('--check');
const named = args.filter((arg) => !arg.startsWith('--')).map((file) => toPosix(relative('.', file)));
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
process.chdir(root);
let changed = 0;
for (const file of named.length > 0 ? named : trackedFiles()) {
  if (file.includes('node_modules/') || file.startsWith('dist/') || file.startsWith('scripts/codemods/'))
    continue;
  const source = readFileSync(file, 'utf8');
  const { text, todo } = rewrite(file, source);
  if (todo.length === 0) continue;
  changed += 1;
  if (check) for (const line of todo) console.log(`${file}: ${line}`);
  else {
    writeFileSync(file, text);
    console.log(`${file} (${todo.length})`);
  }
}
if (check && changed > 0) {
  console.error(`${changed} files have imports to rewrite: node scripts/codemods/path-aliases.mjs`);
  process.exit(1);
}
console.log(check ? 'Every import already uses the aliases.' : `${changed} files rewritten.`);
