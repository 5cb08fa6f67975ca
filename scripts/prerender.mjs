// Puts the first screen of the pages a signed-out visitor lands on into their HTML (dist/pages/), so it
// paints before the JavaScript arrives; the server sends these to visitors without a session cookie.
// Runs after `vite build` (dist/web/index.html, CSS inlined) and `vite build --ssr` (dist/prerender/,
// which the server keeps using to draw the pages drawn from their data as they are asked for).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const out = 'dist/pages';
const indexHtml = await readFile('dist/web/index.html', 'utf8');
// Which pages: `prerender` in src/shared/pages.ts. Not the home page: its largest paint is the banner
// picture, preloaded with the HTML anyway, and taking over its long drawn markup cost more main-thread
// time than drawing it (bench/frontend.mjs).
const { drawnPage, prerenderedTitle, PRERENDERED_PATHS } = await import(
  pathToFileURL(resolve('dist/prerender/prerender.js')).href
);

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
/** @type {Record<string, string>} */
const manifest = {};
for (const path of PRERENDERED_PATHS) {
  const file = `${path === '/' ? 'home' : path.slice(1)}.html`;
  // The page's own title, for search engines and the tab, before the app starts.
  if (!prerenderedTitle(path)) throw new Error(`${path} has no title of its own in src/shared/pages.ts`);
  await writeFile(join(out, file), await drawnPage(indexHtml, path));
  manifest[path] = file;
}
await writeFile(join(out, 'pages.json'), JSON.stringify(manifest, null, 2));
