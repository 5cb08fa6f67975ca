import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPart } from '../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

describe('search engines and sharing', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'shop-seo-'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><meta name="description" content="Shop" /><title>Shop</title></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webRoot, env: { PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('serves robots.txt pointing at the sitemap, keeping crawlers out of the dashboard and API', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('lists every page and product in sitemap.xml', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://shop.example/blog</loc>');
    for (const part of parts)
      expect(sitemap.body).toContain(`<loc>https://shop.example/purchase/${part._id}</loc>`);
  });

  it('gives each product page its own title, description and Product JSON-LD', async () => {
    const [part] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const page = await t.app.inject({ method: 'GET', url: `/purchase/${part._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${part.name.replaceAll('"', '&quot;')} — $`);
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).toContain('<meta property="og:type" content="product" />');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: part.name,
      offers: {
        price: (part.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('escapes product text in the served HTML', async () => {
    const part = await addPart(t, { name: '</script><script>alert(1)</script>"><b>' });
    const page = await t.app.inject({ method: 'GET', url: `/purchase/${part.id}` });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).not.toContain('"><b>');
  });

  it('answers an unknown product with the app and status 200 (the page shows “not found”)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/purchase/00000000-0000-4000-8000-000000000000' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Shop</title>');
  });
});
