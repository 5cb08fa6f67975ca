import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '#server/lib/html.ts';
import { addPart } from '../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

/** What the build's index.html holds around the app: the stand-in header inside #root. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Shop</title><script type="module" src="/assets/main.js"></script></head><body><div id="root"><header data-stand-in>Reliable Tech Parts</header></div>\n</body></html>';

/** The markup the page was sent with inside #root. */
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

/** The names of the parts on a page of the API's answer, as the HTML writes them. */
async function namesOn(t: TestApp, url: string): Promise<string[]> {
  const answer = await t.app.inject({ method: 'GET', url });
  return (answer.json() as { name: string }[]).map((part) => escapeHtml(part.name));
}

describe('/parts drawn by the server', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    // A build's layout: dist/web (index.html) beside dist/prerender, here the web app's drawing itself.
    folder = await mkdtemp(join(tmpdir(), 'shop-drawn-'));
    await mkdir(join(folder, 'web'));
    await mkdir(join(folder, 'prerender'));
    await writeFile(join(folder, 'web', 'index.html'), INDEX_HTML);
    await writeFile(
      join(folder, 'prerender', 'prerender.js'),
      `export { drawnPage } from ${JSON.stringify(resolve('src/web/prerender.tsx'))};\n`,
    );
    t = await createTestApp({ webRoot: join(folder, 'web') });
    for (let n = 1; n <= 14; n += 1)
      await addPart(t, { name: `Drawn bracket ${String(n).padStart(2, '0')}`, category: 'other-parts' });
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('sends a signed-out visitor /parts drawn: heading, filters, the first page’s cards and the pager', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/parts' });
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toContain('<h1 class="text-3xl font-bold">All parts</h1>');
    expect(root).toContain('name="category"');
    expect(root).not.toContain('data-stand-in');
    const names = await namesOn(t, '/api/part?limit=12');
    expect(names).toHaveLength(12);
    for (const name of names) expect(root).toContain(name);
    expect(root).toContain('<nav aria-label="Pages"');
  });

  it('draws the page and filters its address asks for', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/parts?category=other-parts&sort=name&page=2' });
    const root = rootOf(page.body);
    const second = await namesOn(t, '/api/part?category=other-parts&sort=name&page=2&limit=12');
    expect(second.length).toBeGreaterThan(0);
    for (const name of second) expect(root).toContain(name);
    for (const name of await namesOn(t, '/api/part?category=other-parts&sort=name&limit=12'))
      expect(root).not.toContain(`>${name}<`);
    expect(root).toContain('<option selected value="other-parts">');
    expect(root).toContain('Page 2 of');
  });

  it('leaves the page to the app for a signed-in visitor', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/parts',
      headers: { cookie: 'better-auth.session_token=x' },
    });
    expect(rootOf(page.body)).toContain('data-stand-in');
  });
});
