import { lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../http/errors';

export interface RateLimitRule {
  /** What is limited, e.g. "feedback". */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit in a fixed window kept in the database, so every app instance shares the count,
 * and throws 429 with Retry-After once the limit is passed.
 */
export async function enforceRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const now = Date.now();
  const windowOpen = now - rule.windowMs;
  const expired = sql`${rateLimits.windowStart} <= ${windowOpen}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - 86_400_000));
  }
  if (row && row.hits > rule.limit) {
    throw tooManyRequests(Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)));
  }
}

/** The client's address: the socket's, or the proxy's forwarded one only when TRUST_PROXY says so. */
export function clientKey(request: FastifyRequest): string {
  return request.ip;
}
