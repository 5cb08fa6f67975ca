import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
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

  it('lists every page and every product page in sitemap.xml', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/part?limit=100' })).json();
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<urlset');
    for (const page of ['', '/parts', '/blog', '/portfolio'])
      expect(sitemap.body).toContain(`<loc>https://shop.example${page || '/'}</loc>`);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts)
      expect(sitemap.body).toMatch(new RegExp(`<loc>https://shop.example/parts/${part._id}</loc><lastmod>`));
    expect(sitemap.body).not.toContain('/purchase/');
  });

  it('gives each product page its own title, description, canonical URL, Product JSON-LD and picture preload', async () => {
    const [part] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<title>${part.name.replaceAll('"', '&quot;')} — Reliable Tech Parts</title>`,
    );
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).toContain(`<link rel="canonical" href="https://shop.example/parts/${part._id}" />`);
    expect(page.body).toContain('<meta property="og:type" content="product" />');
    expect(page.body).toContain(`<link rel="preload" as="image" href="${part.img}" fetchpriority="high" />`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: part.name,
      category: part.category,
      offers: {
        price: (part.priceCents / 100).toFixed(2),
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
  });

  it('escapes product text in the served HTML', async () => {
    const part = await addPart(t, { name: '</script><script>alert(1)</script>"><b>' });
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part.id}` });
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).not.toContain('"><b>');
  });

  it('puts product text with dollar signs into the head as written, leaving the page whole', async () => {
    const name = "Fan $' kit $& pair";
    const part = await addPart(t, { name });
    const page = await t.app.inject({ method: 'GET', url: `/parts/${part.id}` });
    expect(page.body).toContain('<title>Fan $&#39; kit $&amp; pair — Reliable Tech Parts</title>');
    expect(page.body.match(/<\/head>/g)).toHaveLength(1);
  });

  it('answers an unknown product page with the app and status 404 (the page shows “not found”)', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-part']) {
      const page = await t.app.inject({ method: 'GET', url: `/parts/${id}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<title>Shop</title>');
    }
  });

  it('leaves the guarded purchase page without a product head (the product page has it)', async () => {
    const [part] = (await t.app.inject({ method: 'GET', url: '/api/part' })).json();
    const page = await t.app.inject({ method: 'GET', url: `/purchase/${part._id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('application/ld+json');
  });

  it('splits the sitemap into an index of sitemaps past 50,000 addresses', async () => {
    const big = await createTestApp({ seed: false, webRoot, env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      // One statement writing 50,001 rows (and their search data) may run longer than the shop's
      // statement timeout on a busy machine: lift it for this transaction only.
      await big.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
        insert into parts (name, description, image_url, price_cents, min_quantity, available_quantity, category_id)
        select 'Bulk part ' || n, 'Made for the sitemap test.', '/images/parts/touchpad.svg', 100, 1, 1,
          (select id from categories where slug = 'other-parts')
        from generate_series(1, 50001) as n`);
      });
      const index = await big.app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(index.body).toContain('<sitemapindex');
      const sitemaps = [...index.body.matchAll(/<loc>https:\/\/shop\.example(\/[^<]+)<\/loc>/g)].map(
        (m) => m[1],
      );
      expect(sitemaps).toEqual(['/sitemap-pages.xml', '/sitemap-parts-1.xml', '/sitemap-parts-2.xml']);
      const counts = [];
      for (const path of sitemaps) {
        const sitemap = await big.app.inject({ method: 'GET', url: path! });
        expect(sitemap.statusCode).toBe(200);
        counts.push(sitemap.body.match(/<url>/g)?.length);
      }
      expect(counts).toEqual([4, 50_000, 1]);
      expect((await big.app.inject({ method: 'GET', url: '/sitemap-parts-3.xml' })).statusCode).toBe(404);
    } finally {
      await big.close();
    }
  }, 60_000);
});
