// Puts the built stylesheet inside index.html: one round trip less before the first paint (the CSS
// is small, and the page's Content-Security-Policy allows inline styles).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = 'dist/web';
const indexFile = join(root, 'index.html');
let html = await readFile(indexFile, 'utf8');
const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
for (const [tag, href] of links) {
  const css = await readFile(join(root, href), 'utf8');
  html = html.replace(tag, () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`);
}
await writeFile(indexFile, html);
