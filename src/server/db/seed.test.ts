import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, countDistinct, eq, lt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/database.ts';
import { isShopImage } from '#server/modules/catalog/shop-images.ts';
import { laptopInputSchema } from '#shared/contracts/laptop.ts';
import { partNumbersSchema } from '#shared/contracts/part-input.ts';
import { checkSpecs } from '#shared/contracts/part-specs.ts';
import { shippingMethodInputSchema } from '#shared/contracts/shipping-method.ts';
import { sitePageInputSchema } from '#shared/contracts/site-page.ts';
import { taxRateInputSchema } from '#shared/contracts/tax-rate.ts';
import { specsOf } from '#shared/part-specs.ts';
import { SITE_PAGES } from '#shared/site-pages.ts';
import { createTestDatabase } from '../../../test/support/test-database';
import { demoLaptops, demoParts } from './demo-data';
import { openPglite } from './pglite';
import {
  discountCodes,
  laptopModels,
  partFits,
  parts,
  reviews,
  shippingMethods,
  sitePages,
  taxRates,
} from './schema';
import { seedDemoData } from './seed';

describe('demo seed', () => {
  it('seeds once, even when two instances start at the same time', async () => {
    const database = await createTestDatabase();
    const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await database.db.$count(parts)).toBe(demoParts.length);
    await database.close();
  });

  it('adds the active welcome code WELCOME10 (10 %, no limit) once', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    await seedDemoData(database.db);
    const codes = await database.db.select().from(discountCodes);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      maxUses: null,
      uses: 0,
      active: true,
      categories: [],
    });
    await database.close();
  });

  it('writes the text of every page of text, each one the dashboard would accept', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    const rows = await database.db.select().from(sitePages);
    expect(rows.map((row) => row.slug).sort()).toEqual(SITE_PAGES.map((page) => page.slug).sort());
    for (const row of rows) {
      expect(sitePageInputSchema.parse({ body: row.body }).body, row.slug).toBe(row.body);
    }
    const about = rows.find((row) => row.slug === 'about')?.body;
    expect(about).toContain('Reliable Tech Parts Ltd. has been providing reliable tech since 1996');
    await database.close();
  });

  it('ships Standard (free over $100) and Express everywhere, and taxes US-CA, GB (on shipping too) and DE, once', async () => {
    const database = await createTestDatabase();
    await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
    await seedDemoData(database.db);
    const methods = await database.db.select().from(shippingMethods).orderBy(shippingMethods.priceCents);
    expect(methods).toMatchObject([
      { name: 'Standard', priceCents: 499, freeOverCents: 10_000, countries: [], days: '3–5 business days' },
      { name: 'Express', priceCents: 1499, freeOverCents: null, countries: [], days: '1–2 business days' },
    ]);
    for (const { name, priceCents, freeOverCents, countries, days } of methods)
      expect(
        shippingMethodInputSchema.safeParse({ name, priceCents, freeOverCents, countries, days }).success,
      ).toBe(true);
    const rates = await database.db.select().from(taxRates).orderBy(taxRates.country);
    expect(
      rates.map(({ country, region, rateMilli, appliesToShipping }) => ({
        country,
        region,
        rateMilli,
        appliesToShipping,
      })),
    ).toEqual([
      { country: 'DE', region: '', rateMilli: 19_000, appliesToShipping: false },
      { country: 'GB', region: '', rateMilli: 20_000, appliesToShipping: true },
      { country: 'US', region: 'CA', rateMilli: 7250, appliesToShipping: false },
    ]);
    for (const { country, region, rateMilli } of rates)
      expect(taxRateInputSchema.parse({ country, region, rate: rateMilli / 1000 }).rateMilli).toBe(rateMilli);
    await database.close();
  });

  it('shows every demo part with a raster picture the shop ships', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    const pictures = (await database.db.select({ img: parts.imageUrl }).from(parts)).map(({ img }) => img);
    expect(pictures).toHaveLength(demoParts.length);
    for (const picture of pictures) {
      expect(picture).toMatch(/^\/images\/parts\/[a-z0-9-]+\.webp$/);
      expect(isShopImage(picture)).toBe(true);
    }
    await database.close();
  });

  it('seeds real laptop models of several brands, each demo part fitting several of them', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    const db = database.db;
    expect(await db.$count(laptopModels)).toBeGreaterThanOrEqual(30);
    const [brands] = await db.select({ brands: countDistinct(laptopModels.brand) }).from(laptopModels);
    expect(brands!.brands).toBeGreaterThanOrEqual(5);
    const t480 = await db.select().from(laptopModels).where(eq(laptopModels.slug, 'lenovo-thinkpad-t480'));
    expect(t480).toMatchObject([
      { brand: 'Lenovo', series: 'ThinkPad', name: 'Lenovo ThinkPad T480', years: '2018' },
    ]);
    expect(t480[0]!.aliases).toEqual(expect.arrayContaining(['20L5', '20L6']));
    const fitsPerPart = await db
      .select({ name: parts.name, fits: count(partFits.modelId) })
      .from(parts)
      .leftJoin(partFits, eq(partFits.partId, parts.id))
      .groupBy(parts.id, parts.name);
    expect(fitsPerPart).toHaveLength(demoParts.length);
    for (const part of fitsPerPart) expect(part.fits, part.name).toBeGreaterThanOrEqual(2);
    expect(await db.$count(partFits, sql`${partFits.note} is not null`)).toBeGreaterThanOrEqual(3);
    // The laptops a part fits find it: "t480 battery" finds the battery that fits the T480.
    const found = await rowsOf<{ name: string }>(
      db,
      sql`select name from parts where search_vector @@ search_query('t480 battery')`,
    );
    expect(found.map((row) => row.name)).toContain('6-Cell Replacement Battery 57Wh');
    // Used and refurbished parts, with shorter warranties than new ones.
    for (const condition of ['refurbished', 'used'] as const)
      expect(
        await db.$count(parts, sql`${parts.condition} = ${condition} and ${lt(parts.warrantyMonths, 12)}`),
        condition,
      ).toBeGreaterThanOrEqual(1);
    await database.close();
  });

  it('gives every demo part numbers, specs and models the admin pages would accept', () => {
    for (const laptop of demoLaptops) {
      const name = `${laptop.brand} ${laptop.model}`;
      expect(laptopInputSchema.safeParse({ ...laptop, name }).success, name).toBe(true);
    }
    const names = new Set(demoLaptops.map((laptop) => `${laptop.brand} ${laptop.model}`));
    for (const part of demoParts) {
      expect(partNumbersSchema.parse([...part.partNumbers]), part.name).toEqual(part.partNumbers);
      expect(part.partNumbers.length, part.name).toBeGreaterThanOrEqual(1);
      // The specs are stored as checkSpecs keeps them, and every part of a category with specs has some.
      expect(checkSpecs(part.category, part.specs), part.name).toEqual({ specs: part.specs, problems: {} });
      if (specsOf(part.category).length > 0) expect(Object.keys(part.specs), part.name).not.toHaveLength(0);
      for (const fit of part.fits) expect(names.has(fit.laptop), `${part.name}: ${fit.laptop}`).toBe(true);
      expect(new Set(part.fits.map((fit) => fit.laptop)).size, part.name).toBe(part.fits.length);
    }
  });

  it('is not repeated after the shop deleted every part', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db);
    await database.db.delete(parts);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await database.db.$count(parts)).toBe(0);
    await database.close();
  });

  it('keeps the data of an embedded database folder across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-data-'));
    try {
      const first = await openPglite({ dataDir });
      await first.migrate();
      expect(await seedDemoData(first.db)).toBe(true);
      await first.db
        .insert(reviews)
        .values({ name: 'Kept', location: 'Disk', rating: 5, review: 'Still here' });
      await first.close();

      const second = await openPglite({ dataDir });
      await second.migrate();
      expect(await seedDemoData(second.db)).toBe(false);
      expect(await second.db.$count(parts)).toBe(demoParts.length);
      expect(await second.db.$count(reviews)).toBe(6);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
