import { parts } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

/** Adds a part straight to the database, with the stock a test needs. */
export async function addPart(
  t: TestApp,
  {
    available = 10,
    minimum = 1,
    priceCents = 2500,
    name = `Test part ${Math.random().toString(36).slice(2, 8)}`,
  } = {},
) {
  const [row] = await t.database.db
    .insert(parts)
    .values({
      name,
      description: 'A part made for a test.',
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
