import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#server/db/database.ts';
import { tooManyRequests } from './domain-errors';
import { forgetOldHits, hitKey, type RateLimitRule, retryAfterSeconds } from './rate-limit';

/** How long hits wait in the process before they are written, in one statement for all of them. */
export const HIT_BATCH_MS = 1_000;

interface Subject {
  /** The window's start: this process's, until a write brings the database's. */
  windowStart: number;
  /** The hits in the window, as the database answered at the last write. */
  written: number;
  /** Hits counted here since. */
  pending: number;
}

export interface BatchedRateLimit {
  /** Counts one hit of `subject`; throws 429 with Retry-After once the limit is passed. */
  enforce(subject: string): void;
  /** Writes the hits waiting (also every HIT_BATCH_MS while there are any). */
  flush(): Promise<void>;
}

/**
 * A rate limit for what is asked often and only costs (searches), counted in the process and written to
 * the database once a second for every subject at once, where enforceRateLimit writes each hit before
 * answering. Each instance decides on the count the database gave back at its last write plus its own
 * hits since, so instances still share the count, a second late: a client can get up to a second's
 * hits per instance past the limit. Sign-ins, card attempts and mails keep enforceRateLimit.
 */
export function batchedRateLimit(
  db: Db,
  rule: RateLimitRule,
  onError: (error: unknown) => void,
): BatchedRateLimit {
  const subjects = new Map<string, Subject>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  async function write(): Promise<void> {
    timer = undefined;
    // In the order of their keys: two instances writing the same clients' rows lock them in one order.
    const sent = [...subjects]
      .filter(([, subject]) => subject.pending > 0)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (sent.length === 0) return;
    const keys = sent.map(([name]) => hitKey(rule, name));
    const counts = sent.map(([, subject]) => subject.pending);
    const now = Date.now();
    let stored = false;
    try {
      const rows = await rowsOf<{ key: string; hits: number; window_start: string }>(
        db,
        upsert(keys, counts, now),
      );
      const answered = new Map(rows.map((row) => [row.key, row]));
      sent.forEach(([, subject], i) => {
        const row = answered.get(keys[i]!);
        subject.pending -= counts[i]!;
        if (row) {
          subject.written = row.hits;
          subject.windowStart = Number(row.window_start);
        }
      });
      stored = true;
      await forgetOldHits(db, now);
    } catch (error) {
      // The hits stay pending and go with the next write, unless their window ends first.
      onError(error);
    }
    // A window that ended needs no count: its subject goes, with the hits a failed write left behind.
    const ended = Date.now() - rule.windowMs;
    for (const [name, subject] of subjects)
      if (subject.windowStart <= ended && (subject.pending === 0 || !stored)) subjects.delete(name);
  }

  /** One statement for every key: each row counted as recordHit counts one hit, by `hits`. */
  function upsert(keys: string[], hits: number[], now: number) {
    const expired = sql`rate_limits.window_start <= ${now - rule.windowMs}`;
    return sql`
      insert into rate_limits (key, window_start, hits)
      select key, ${now}::bigint, hits from unnest(${sql.param(keys)}::text[], ${sql.param(hits)}::int[]) as sent(key, hits)
      on conflict (key) do update set
        hits = case when ${expired} then excluded.hits else rate_limits.hits + excluded.hits end,
        window_start = case when ${expired} then excluded.window_start else rate_limits.window_start end
      returning key, hits, window_start`;
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    writing = (writing ?? Promise.resolve()).then(write);
    return writing;
  }

  return {
    enforce(name) {
      const now = Date.now();
      let subject = subjects.get(name);
      if (!subject) {
        subject = { windowStart: now, written: 0, pending: 0 };
        subjects.set(name, subject);
      } else if (subject.windowStart + rule.windowMs <= now) {
        // The same record, not a new one: a write under way takes its sent hits off this one.
        subject.windowStart = now;
        subject.written = 0;
      }
      subject.pending += 1;
      timer ??= setTimeout(flush, HIT_BATCH_MS).unref();
      if (subject.written + subject.pending > rule.limit)
        throw tooManyRequests(retryAfterSeconds(subject.windowStart, rule, now));
    },
    flush,
  };
}
