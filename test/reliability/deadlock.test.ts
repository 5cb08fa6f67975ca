import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '#server/db/schema.ts';
import { addPart } from '../support/catalog';
import { createTestApp, type TestApp } from '../support/test-app';

describe('a real deadlock', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('rolls back the shop’s transaction as the victim, runs it again, and it commits', async () => {
    const first = await addPart(t, { available: 10 });
    const second = await addPart(t, { available: 10 });
    const touch = `update parts set available_quantity = available_quantity + 1 where id = $1`;
    // Another session holds the second part.
    await other.query('begin');
    await other.query(touch, [second.id]);
    let attempts = 0;
    let otherDone: Promise<unknown> = Promise.resolve();
    await t.database.db.transaction(async (tx) => {
      attempts += 1;
      await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} + 1` })
        .where(eq(parts.id, first.id));
      if (attempts === 1) {
        // While we wait for the second part, the other session asks for the first: a cycle. We started
        // waiting first, so our deadlock check runs first and we are the one rolled back.
        const blocked = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
          other.query(touch, [first.id]),
        );
        otherDone = blocked.then(() => other.query('commit'));
      }
      await tx
        .update(parts)
        .set({ availableQuantity: sql`${parts.availableQuantity} + 1` })
        .where(eq(parts.id, second.id));
    });
    await otherDone;
    expect(attempts).toBe(2);
    const rows = await t.database.db
      .select({ id: parts.id, available: parts.availableQuantity })
      .from(parts)
      .where(sql`${parts.id} in (${first.id}, ${second.id})`);
    // Each session's increments landed exactly once: ours (retried) and the other's.
    expect(Object.fromEntries(rows.map((row) => [row.id, row.available]))).toEqual({
      [first.id]: 12,
      [second.id]: 12,
    });
  });
});
