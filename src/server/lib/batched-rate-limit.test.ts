import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '#server/db/schema.ts';
import { eventually } from '../../../test/support/eventually';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { batchedRateLimit, HIT_BATCH_MS } from './batched-rate-limit';
import type { RateLimitRule } from './rate-limit';

describe('a rate limit counted in batches', () => {
  let t: TestApp;
  const errors: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(() => t.close());

  let rules = 0;
  /** A rule of its own for each test, so that no row is shared. */
  const newRule = (windowMs = 60_000): RateLimitRule => ({ name: `batched-${rules++}`, limit: 3, windowMs });
  const limiter = (rule: RateLimitRule) =>
    batchedRateLimit(t.database.db, rule, (error) => errors.push(error));
  const written = async (rule: RateLimitRule, subject: string) => {
    const [row] = await t.database.db
      .select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(eq(rateLimits.key, `${rule.name}:${subject}`));
    return row?.hits;
  };
  const refusal = (hit: () => void) => {
    try {
      hit();
    } catch (error) {
      return error as { code: string; retryAfterSeconds?: number };
    }
    return undefined;
  };

  it('refuses the hit past the limit at once, before any write, and writes every hit later in one go', async () => {
    const rule = newRule();
    const limit = limiter(rule);
    for (let hit = 0; hit < 3; hit++) limit.enforce('10.0.0.1');
    const refused = refusal(() => limit.enforce('10.0.0.1'));
    expect(refused).toMatchObject({ code: 'rate_limited' });
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another subject has its own count.
    expect(refusal(() => limit.enforce('10.0.0.2'))).toBeUndefined();
    expect(await written(rule, '10.0.0.1')).toBeUndefined();
    // Written within a batch's time without being asked to.
    await eventually(async () => expect(await written(rule, '10.0.0.1')).toBe(4), HIT_BATCH_MS / 20 + 50);
    expect(await written(rule, '10.0.0.2')).toBe(1);
  });

  it('shares the count between instances through the database, one write late', async () => {
    const rule = newRule();
    const [first, second] = [limiter(rule), limiter(rule)];
    for (let hit = 0; hit < 3; hit++) first.enforce('10.0.1.1');
    await first.flush();
    // The second instance has not heard of those three yet; its write tells it.
    expect(refusal(() => second.enforce('10.0.1.1'))).toBeUndefined();
    await second.flush();
    expect(await written(rule, '10.0.1.1')).toBe(4);
    expect(refusal(() => second.enforce('10.0.1.1'))).toMatchObject({ code: 'rate_limited' });
    expect(refusal(() => first.enforce('10.0.1.1'))).toMatchObject({ code: 'rate_limited' });
  });

  it('starts a new window once the window ended, here and in the database', async () => {
    const rule = newRule(400);
    const limit = limiter(rule);
    for (let hit = 0; hit < 3; hit++) limit.enforce('10.0.2.1');
    expect(refusal(() => limit.enforce('10.0.2.1'))).toMatchObject({ code: 'rate_limited' });
    await limit.flush();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(refusal(() => limit.enforce('10.0.2.1'))).toBeUndefined();
    await limit.flush();
    expect(await written(rule, '10.0.2.1')).toBe(1);
  });

  it('keeps the hits a failed write could not store and writes them with the next', async () => {
    const rule = newRule();
    const limit = limiter(rule);
    limit.enforce('10.0.3.1');
    limit.enforce('10.0.3.1');
    await t.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      await limit.flush();
    } finally {
      await t.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    expect(errors).toHaveLength(1);
    errors.length = 0;
    limit.enforce('10.0.3.1');
    await limit.flush();
    expect(await written(rule, '10.0.3.1')).toBe(3);
    expect(refusal(() => limit.enforce('10.0.3.1'))).toMatchObject({ code: 'rate_limited' });
  });

  it('forgets the hits a failed write left behind once their window ended', async () => {
    const rule = newRule(300);
    const limit = limiter(rule);
    limit.enforce('10.0.4.1');
    await new Promise((resolve) => setTimeout(resolve, 350));
    await t.database.db.execute(sql`alter table rate_limits rename to rate_limits_away`);
    try {
      await limit.flush();
    } finally {
      await t.database.db.execute(sql`alter table rate_limits_away rename to rate_limits`);
    }
    await limit.flush();
    expect(await written(rule, '10.0.4.1')).toBeUndefined();
  });
});
