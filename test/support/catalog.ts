import { eq } from 'drizzle-orm';
import { categories, laptopModels, parts } from '#server/db/schema.ts';
import type { TestApp } from './test-app';

/** Adds a part straight to the database, with the stock a test needs, in one of the shop's categories. */
export async function addPart(
  t: Pick<TestApp, 'database'>,
  {
    available = 10,
    minimum = 1,
    priceCents = 2500,
    name = `Test part ${Math.random().toString(36).slice(2, 8)}`,
    description = 'A part made for a test.',
    category = 'other-parts',
  } = {},
) {
  const [{ id: categoryId } = { id: '' }] = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, category));
  const [row] = await t.database.db
    .insert(parts)
    .values({
      name,
      description,
      categoryId,
      imageUrl: '/images/parts/hinge-set.svg',
      priceCents,
      minQuantity: minimum,
      availableQuantity: available,
    })
    .returning();
  return row!;
}

export async function stockOf(t: TestApp, partId: string): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `/api/part/${partId}` });
  return response.json().avaquantity;
}

/** Adds a laptop model straight to the database (its slug from the name unless given). */
export async function addLaptop(
  t: Pick<TestApp, 'database'>,
  {
    brand = 'Lenovo',
    series = 'ThinkPad T',
    name = `Lenovo ThinkPad T${Math.random().toString(36).slice(2, 10)}`,
    slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    years = '2018–2019',
    aliases = [] as string[],
  } = {},
) {
  const [row] = await t.database.db
    .insert(laptopModels)
    .values({ brand, series, name, slug, years, aliases })
    .returning();
  return row!;
}
