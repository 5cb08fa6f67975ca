import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '#server/db/schema.ts';
import { reviewSchema } from '#shared/contracts/review.ts';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';

describe('reviews API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the seeded reviews newest first, in the read shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/review' });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const review of list) expect(reviewSchema.strict().parse(review)).toEqual(review);
    const times = list.map((review: { createdAt: string }) => Date.parse(review.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('returns review text exactly as stored (escaping is the renderer’s job)', async () => {
    const text = '<img src=x onerror=alert(1)> & "quotes"';
    await t.database.db.insert(reviews).values({ name: 'Eve', location: 'Nowhere', rating: 3, review: text });
    const [newest] = (await t.app.inject({ method: 'GET', url: '/api/review' })).json();
    expect(newest.review).toBe(text);
  });

  it('refuses a rating outside 1–5 at the database too', async () => {
    await expect(
      t.database.db.insert(reviews).values({ name: 'X', location: 'Y', rating: 6, review: 'Z' }),
    ).rejects.toThrow();
  });
});
