import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '#server/db/schema.ts';
import { DomainError } from '#server/lib/domain-errors.ts';
import { addPart } from '../../../../test/support/catalog';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { quantityRefusal, stockChanging } from './quantity-refusal';

/** The one rule the cart and checkout give for a quantity their conditional write could not take. */
describe('quantityRefusal', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  const asAnswered = (error: Error | null) =>
    error instanceof DomainError ? [error.kind, error.code, error.message] : error;

  it('says why a quantity cannot be had, or null once it can (its stock came back)', async () => {
    const db = t.database.db;
    const part = await addPart(t, { minimum: 2, available: 5 });
    expect(asAnswered(await quantityRefusal(db, part.id, 1))).toEqual([
      'invalid',
      'below_minimum',
      'Order at least 2 units.',
    ]);
    expect(asAnswered(await quantityRefusal(db, part.id, 6))).toEqual([
      'conflict',
      'out_of_stock',
      'Only 5 units left in stock.',
    ]);
    expect(await quantityRefusal(db, part.id, 5)).toBeNull();
    await db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, part.id));
    const named = (message: string) => `${part.name}: ${message}`;
    expect(asAnswered(await quantityRefusal(db, part.id, 2, named))).toEqual([
      'conflict',
      'out_of_stock',
      `${part.name}: This part is out of stock.`,
    ]);
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, part.id));
    expect(asAnswered(await quantityRefusal(db, part.id, 2))).toEqual([
      'not_found',
      'not_found',
      'Part was not found.',
    ]);
    expect(asAnswered(stockChanging(named))).toEqual([
      'conflict',
      'out_of_stock',
      `${part.name}: This part’s stock is changing right now. Try again.`,
    ]);
  });
});
