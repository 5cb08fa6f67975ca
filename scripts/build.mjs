// `npm run build`: the production build in named, timed steps; a failing step is named and stops it.
//   dist/web     the browser app (Vite; the stylesheet inlined and every text file pre-compressed)
//   dist/pages   the first screens of the signed-out pages, drawn ahead (scripts/prerender.mjs)
//   dist/server  the server in one file (esbuild; dependencies stay in node_modules)
import { readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build as bundleServer } from 'esbuild';
import { build as vite } from 'vite';

const STEPS = [
  ['browser app', () => vite({ logLevel: 'warn' })],
  ['prerender bundle', () => vite({ logLevel: 'error', build: { ssr: 'prerender.tsx' } })],
  ['pages in manifest', checkPageModules],
  ['prerendered pages', () => import('./prerender.mjs')],
  [
    'server bundle',
    () =>
      bundleServer({
        entryPoints: ['src/server/main.ts'],
        outfile: 'dist/server/main.js',
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        packages: 'external',
        sourcemap: true,
        logLevel: 'warning',
      }),
  ],
  // Written last: its presence says the build finished (scripts/ensure-build.mjs).
  ['build stamp', () => writeFile('dist/.build-stamp', new Date().toISOString())],
];

/**
 * Every page's code named in src/shared/pages.ts is in the browser build: a page file renamed or moved
 * without its entry would otherwise lose its preload silently.
 */
async function checkPageModules() {
  const manifest = JSON.parse(await readFile('dist/web/.vite/manifest.json', 'utf8'));
  const { PAGE_MODULES } = await import(pathToFileURL(resolve('dist/prerender/prerender.js')).href);
  const missing = PAGE_MODULES.filter((module) => !(module in manifest));
  if (missing.length > 0)
    throw new Error(`src/shared/pages.ts names code the build does not have: ${missing.join(', ')}`);
}

const started = performance.now();
await rm('dist/.build-stamp', { force: true });
for (const [name, run] of STEPS) {
  const stepStarted = performance.now();
  try {
    await run();
  } catch (error) {
    console.error(`\nBuild failed at step "${name}":\n${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(`✓ ${name.padEnd(18)} ${seconds(stepStarted)}`);
}
console.log(`Built in ${seconds(started)}.`);

function seconds(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
