import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laptopModels, partFits, partReviews, parts as partsTable, users } from '#server/db/schema.ts';
import { PAGE_ANSWERS_ELEMENT } from '#shared/page-answers.ts';
import { SHOP_PAGES } from '#shared/pages.ts';
import { addPart } from '../../../test/support/catalog';
import { eventually } from '../../../test/support/eventually';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { MAX_JSON_LD_FITS } from './seo';

let made = 0;
/** A laptop model straight in the database, named uniquely; `fitting` parts listed as fitting it. */
async function addLaptop(
  t: TestApp,
  {
    name = `Test Book ${++made}`,
    aliases = [] as string[],
    fitting = [] as { id: string; note?: string }[],
  } = {},
) {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const [model] = await t.database.db
    .insert(laptopModels)
    .values({ slug, brand: 'Testbrand', series: 'Test', name, years: '2018', aliases })
    .returning();
  if (fitting.length > 0)
    await t.database.db
      .insert(partFits)
      .values(fitting.map((part) => ({ partId: part.id, modelId: model!.id, note: part.note ?? null })));
  return model!;
}

const jsonLdOf = (body: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(body)![1]!);

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
    for (const page of ['', '/parts', '/blog', '/portfolio', '/laptops', '/about', '/returns'])
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
    const jsonLd = jsonLdOf(page.body);
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

  it('lists the model pages of the models with parts on sale, not those without', async () => {
    const part = await addPart(t);
    const fitted = await addLaptop(t, { fitting: [{ id: part.id }] });
    const bare = await addLaptop(t);
    const sold = await addPart(t);
    const gone = await addLaptop(t, { fitting: [{ id: sold.id }] });
    await t.database.db.update(partsTable).set({ archivedAt: new Date() }).where(eq(partsTable.id, sold.id));
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toMatch(
      new RegExp(
        `<loc>https://shop.example/laptops/${fitted.slug}</loc><lastmod>${fitted.updatedAt.toISOString()}`,
      ),
    );
    expect(sitemap).not.toContain(`/laptops/${bare.slug}<`);
    expect(sitemap).not.toContain(`/laptops/${gone.slug}<`);
  });

  it('gives Product JSON-LD the part number, condition, warranty and the laptops it is a spare part for', async () => {
    const part = await addPart(t, { name: 'JSON-LD battery' });
    await t.database.db
      .update(partsTable)
      .set({ partNumbers: ['01AV427', '5B10W13930'], condition: 'refurbished', warrantyMonths: 6 })
      .where(eq(partsTable.id, part.id));
    const t480 = await addLaptop(t, { name: 'Lenovo ThinkPad T480 (LD)', fitting: [{ id: part.id }] });
    const a485 = await addLaptop(t, { name: 'Lenovo ThinkPad A485 (LD)', fitting: [{ id: part.id }] });
    const jsonLd = jsonLdOf((await t.app.inject({ method: 'GET', url: `/parts/${part.id}` })).body);
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      mpn: '01AV427',
      isAccessoryOrSparePartFor: [
        { '@type': 'Product', name: a485.name, url: `https://shop.example/laptops/${a485.slug}` },
        { '@type': 'Product', name: t480.name, url: `https://shop.example/laptops/${t480.slug}` },
      ],
      offers: {
        itemCondition: 'https://schema.org/RefurbishedCondition',
        warranty: {
          '@type': 'WarrantyPromise',
          durationOfWarranty: { '@type': 'QuantitativeValue', value: 6, unitCode: 'MON' },
        },
      },
    });
  });

  it('gives Product JSON-LD its buyers’ aggregateRating, hidden reviews left out, and none without reviews', async () => {
    const part = await addPart(t, { name: 'Rated JSON-LD fan' });
    const noReviews = jsonLdOf((await t.app.inject({ method: 'GET', url: `/parts/${part.id}` })).body);
    expect(noReviews).not.toHaveProperty('aggregateRating');
    const authors = ['ld-a', 'ld-b', 'ld-c'];
    await t.database.db
      .insert(users)
      .values(authors.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await t.database.db.insert(partReviews).values([
      { partId: part.id, userId: 'ld-a', rating: 5, body: 'Quiet and cool.' },
      { partId: part.id, userId: 'ld-b', rating: 4, body: 'Fine fan, a bit loud.' },
      { partId: part.id, userId: 'ld-c', rating: 1, body: 'Hidden by the shop.', hiddenAt: new Date() },
    ]);
    // Written straight in the database: the part's cached answer goes with the parts' announcement.
    await eventually(async () => {
      const jsonLd = jsonLdOf((await t.app.inject({ method: 'GET', url: `/parts/${part.id}` })).body);
      expect(jsonLd.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      });
    });
  });

  it('leaves out what a part does not have, and names at most a bounded number of laptops', async () => {
    const part = await addPart(t, { name: 'Plain charger' });
    await t.database.db
      .update(partsTable)
      .set({ partNumbers: [], condition: 'used', warrantyMonths: 0 })
      .where(eq(partsTable.id, part.id));
    let jsonLd = jsonLdOf((await t.app.inject({ method: 'GET', url: `/parts/${part.id}` })).body);
    expect(jsonLd.offers.itemCondition).toBe('https://schema.org/UsedCondition');
    for (const field of ['mpn', 'isAccessoryOrSparePartFor']) expect(jsonLd).not.toHaveProperty(field);
    expect(jsonLd.offers).not.toHaveProperty('warranty');

    const models = await t.database.db
      .insert(laptopModels)
      .values(
        Array.from({ length: MAX_JSON_LD_FITS + 1 }, (_, n) => ({
          slug: `many-${n}`,
          brand: 'Many',
          series: 'Many',
          name: `Many ${String(n).padStart(3, '0')}`,
        })),
      )
      .returning();
    await t.database.db
      .insert(partFits)
      .values(models.map((model) => ({ partId: part.id, modelId: model.id })));
    jsonLd = jsonLdOf((await t.app.inject({ method: 'GET', url: `/parts/${part.id}` })).body);
    expect(jsonLd.isAccessoryOrSparePartFor).toHaveLength(MAX_JSON_LD_FITS);
    expect(jsonLd.isAccessoryOrSparePartFor[0].name).toBe('Many 000');
  });

  it('gives a laptop model’s page its own title, description, canonical URL, JSON-LD and first answers', async () => {
    const part = await addPart(t, { name: 'Model page fan', category: 'cooling' });
    const model = await addLaptop(t, {
      name: 'Dell Latitude 7490 <b>',
      aliases: ['P73G'],
      fitting: [{ id: part.id }],
    });
    const page = await t.app.inject({ method: 'GET', url: `/laptops/${model.slug}?sort=price` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<title>Parts for Dell Latitude 7490 &lt;b&gt; — Reliable Tech Parts</title>',
    );
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).toContain(
      '<meta name="description" content="1 part that fit the Dell Latitude 7490 &lt;b&gt; (2018): Cooling. Also sold as P73G." />',
    );
    expect(page.body).toContain(`<link rel="canonical" href="https://shop.example/laptops/${model.slug}" />`);
    expect(page.body).not.toContain('<b>');
    expect(jsonLdOf(page.body)).toMatchObject({
      '@type': 'CollectionPage',
      name: 'Parts for Dell Latitude 7490 <b>',
      url: `https://shop.example/laptops/${model.slug}`,
      about: { '@type': 'Product', name: model.name, brand: { name: 'Testbrand' }, alternateName: ['P73G'] },
    });
    // Its first screen comes with the model and its parts (src/shared/pages.ts `reads`).
    const answers = JSON.parse(
      new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">(.*?)</script>`).exec(
        page.body,
      )![1]!,
    );
    expect(Object.keys(answers)).toEqual([
      `/api/laptops/${model.slug}`,
      `/api/part?sort=price&fits=${model.slug}&limit=12`,
    ]);
    expect(answers[`/api/part?sort=price&fits=${model.slug}&limit=12`]).toMatchObject({
      total: 1,
      body: [{ _id: part.id }],
    });
  });

  it('answers an unknown or malformed laptop model page with the app and status 404', async () => {
    for (const slug of ['no-such-laptop', 'Not%20a%20slug!', 'x'.repeat(81)]) {
      const page = await t.app.inject({ method: 'GET', url: `/laptops/${slug}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('<title>Shop</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/laptops' })).statusCode).toBe(200);
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
      // The pages without data (home, /parts, the blog, the pages of text…), then the parts.
      expect(counts).toEqual([SHOP_PAGES.filter((shown) => shown.sitemap).length, 50_000, 1]);
      expect((await big.app.inject({ method: 'GET', url: '/sitemap-parts-3.xml' })).statusCode).toBe(404);
    } finally {
      await big.close();
    }
  }, 60_000);
});
