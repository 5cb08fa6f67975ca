import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/support/test-database';
import { isShopImage } from '../modules/catalog/shop-images';
import { demoParts } from './demo-data';
import { openPglite } from './pglite';
import { parts, reviews } from './schema';
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
