// Puts the first screen of the pages a signed-out visitor lands on into their HTML (dist/pages/), so it
// paints before the JavaScript arrives; the server sends these to visitors without a session cookie.
// Runs after `vite build` (dist/web/index.html, CSS inlined) and `vite build --ssr` (dist/prerender/).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<\/body>)/;

/**
 * Until the app takes the page over, its forms must not send anything: a submit (Enter in a field)
 * would otherwise go to the page's own URL as a GET, passwords in the query string. Submit buttons
 * start disabled (so Enter does nothing) and forms say POST; the app's first draw sets both right.
 * Forms that say method="get" (the searches, e.g. the navbar's) are left as they are: they are meant
 * to put their fields in the URL, carry nothing secret, and so work before the app has taken over.
 */
const untilTakenOver = (/** @type {string} */ markup) =>
  markup.replace(/<form [\s\S]*?<\/form>/g, (form) =>
    /^<form [^>]*method="get"/.test(form)
      ? form
      : form
          .replace('<form ', '<form method="post" ')
          .replaceAll('<button type="submit"', '<button type="submit" disabled'),
  );

const out = 'dist/pages';
const indexHtml = await readFile('dist/web/index.html', 'utf8');
if (!ROOT.test(indexHtml)) throw new Error('dist/web/index.html has no <div id="root"> to fill');
// Which pages: `prerender` in src/shared/pages.ts. Not the home page: its largest paint is the banner
// picture, preloaded with the HTML anyway, and taking over its long drawn markup cost more main-thread
// time than drawing it (bench/frontend.mjs).
const { prerender, prerenderedTitle, PRERENDERED_PATHS } = await import(
  pathToFileURL(resolve('dist/prerender/prerender.js')).href
);

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
/** @type {Record<string, string>} */
const manifest = {};
for (const path of PRERENDERED_PATHS) {
  const markup = untilTakenOver(await prerender(path));
  const file = `${path === '/' ? 'home' : path.slice(1)}.html`;
  const titleElement = prerenderedTitle(path);
  if (!titleElement) throw new Error(`${path} has no title of its own in src/shared/pages.ts`);
  await writeFile(
    join(out, file),
    indexHtml
      .replace(ROOT, () => `<div id="root">${markup}</div>`)
      // The page's own title, for search engines and the tab, before the app starts.
      .replace(/<title>[^<]*<\/title>/, () => titleElement),
  );
  manifest[path] = file;
}
await writeFile(join(out, 'pages.json'), JSON.stringify(manifest, null, 2));
await rm('dist/prerender', { recursive: true, force: true });
