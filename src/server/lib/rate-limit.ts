import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { prepared } from '#server/db/prepared.ts';
import { rateLimits } from '#server/db/schema.ts';
import { tooManyRequests } from './domain-errors';

export interface RateLimitRule {
  /** What is limited, e.g. "feedback". */
  name: string;
  limit: number;
  windowMs: number;
}

export const retryAfterSeconds = (windowStart: number, rule: RateLimitRule, now: number) =>
  Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));

/** The row of rate_limits that counts a rule's hits for one subject (an address, an account). */
export const hitKey = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/** Now and then (one write in a hundred), the rows of windows that ended a day ago or more go. */
export async function forgetOldHits(db: Db, now: number): Promise<void> {
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 86_400_000));
}

/** One hit counted (the window started again once it ended), prepared: searches and card attempts count. */
const hitStatement = (db: Db, name: string) => {
  const expired = sql`${rateLimits.windowStart} <= ${sql.placeholder('expiredAt')}`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('now'), hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then ${sql.placeholder('now')} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
    .prepare(name);
};

/**
 * Counts one hit in a fixed window kept in the database (one atomic upsert), so every app instance
 * shares the count. Returns the hits so far in the current window.
 */
export async function recordHit(
  db: Db,
  rule: RateLimitRule,
  subject: string,
): Promise<{ hits: number; windowStart: number }> {
  const now = Date.now();
  const [row] = await prepared(db, 'record_hit', hitStatement).execute({
    key: hitKey(rule, subject),
    now,
    expiredAt: now - rule.windowMs,
  });
  await forgetOldHits(db, now);
  return row!;
}

/** Counts this hit and throws 429 with Retry-After once the limit is passed. */
export async function enforceRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const { hits, windowStart } = await recordHit(db, rule, subject);
  if (hits > rule.limit) throw tooManyRequests(retryAfterSeconds(windowStart, rule, Date.now()));
}

/**
 * Takes back one hit counted by enforceRateLimit in the current window: an attempt counted before its
 * outcome was known (a sign-in, before the password was checked) that turned out not to be a failure.
 */
export async function giveBackHit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(
      and(eq(rateLimits.key, hitKey(rule, subject)), gt(rateLimits.windowStart, Date.now() - rule.windowMs)),
    );
}

/** The client's address: the socket's, or the proxy's forwarded one only when TRUST_PROXY says so. */
export function clientKey(request: FastifyRequest): string {
  return request.ip;
}
