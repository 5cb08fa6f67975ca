// Puts the first screen of the pages a signed-out visitor lands on into their HTML (dist/pages/), so it
// paints before the JavaScript arrives; the server sends these to visitors without a session cookie.
// Runs after `vite build` (dist/web/index.html, CSS inlined) and `vite build --ssr` (dist/prerender/).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PAGES = ['/', '/login', '/signup', '/forgot-password', '/blog', '/portfolio'];
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/;

const out = 'dist/pages';
const indexHtml = await readFile('dist/web/index.html', 'utf8');
if (!ROOT.test(indexHtml)) throw new Error('dist/web/index.html has no <div id="root"> to fill');
const { prerender } = await import(pathToFileURL(resolve('dist/prerender/prerender.js')).href);

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
/** @type {Record<string, string>} */
const manifest = {};
for (const path of PAGES) {
  const markup = await prerender(path);
  const file = `${path === '/' ? 'home' : path.slice(1)}.html`;
  await writeFile(
    join(out, file),
    indexHtml.replace(ROOT, () => `<div id="root">${markup}</div>`),
  );
  manifest[path] = file;
}
await writeFile(join(out, 'pages.json'), JSON.stringify(manifest, null, 2));
await rm('dist/prerender', { recursive: true, force: true });
