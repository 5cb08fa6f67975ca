import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/database.ts';
import { jobs } from '#server/db/schema.ts';
import { describeError } from '#server/lib/describe-error.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string;
  runAt?: Date;
}

/** The insert of jobs, each unless one for the same event exists (its dedupe key). */
const insertJobs = (db: Db, job: NewJob | NewJob[]) =>
  db
    .insert(jobs)
    .values(Array.isArray(job) ? job : [job])
    .onConflictDoNothing({ target: jobs.dedupeKey });

/**
 * Adds a job unless one for the same event exists (its dedupe key): call it inside the transaction
 * that makes the event happen, so the job exists exactly when the change does.
 * Several jobs of one change go in one statement.
 */
export async function enqueue(db: Db, job: NewJob | NewJob[]): Promise<void> {
  await insertJobs(db, job);
}

/** The same as enqueue, as the `with` query `name` of the very statement that makes the event happen. */
export const enqueuedWith = (db: Db, name: string, job: NewJob[]) => db.$with(name).as(insertJobs(db, job));

export interface WorkerOptions {
  pollMs?: number;
  batch?: number;
  /** How long a claimed job is held before another worker may take it (a worker that died). */
  leaseMs?: number;
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles, up to an hour. */
  retryBaseMs?: number;
}

const HOUR_MS = 3_600_000;

/**
 * Runs due jobs on every instance: each claims a few with FOR UPDATE SKIP LOCKED (so no two workers take
 * the same), runs them, and marks them done, or schedules a retry with exponential backoff and jitter,
 * or gives up after `maxAttempts` (kept, with the last error, for an admin to see).
 */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  log: FastifyBaseLogger,
  { pollMs = 1_000, batch = 10, leaseMs = 60_000, maxAttempts = 8, retryBaseMs = 10_000 }: WorkerOptions = {},
) {
  const claim = async () => {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          lte(jobs.runAt, sql`now()`),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  };

  /** Runs one claimed job: its id once it went through, else null (retried later, or given up). */
  const run = async (job: JobRow): Promise<string | null> => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      await handler(job.payload, job);
      return job.id;
    } catch (error) {
      const lastError = describeError(error);
      if (job.attempts >= maxAttempts) {
        log.error(
          { err: error, jobId: job.id, kind: job.kind },
          `job failed ${job.attempts} times; giving up`,
        );
        await db
          .update(jobs)
          .set({ failedAt: new Date(), lockedUntil: null, lastError })
          .where(eq(jobs.id, job.id));
        return null;
      }
      const delayMs = Math.min(HOUR_MS, retryBaseMs * 2 ** (job.attempts - 1)) * (0.5 + Math.random() / 2);
      log.warn(
        { jobId: job.id, kind: job.kind, attempt: job.attempts, error: lastError },
        'job failed; retrying later',
      );
      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() + delayMs), lockedUntil: null, lastError })
        .where(eq(jobs.id, job.id));
      return null;
    }
  };

  /** Runs what is due now; resolves when those jobs are finished (tests and the timer use it). */
  const runOnce = async (): Promise<number> => {
    const claimed = await claim();
    const done = (await Promise.all(claimed.map(run))).filter((id) => id !== null);
    // The claimed jobs that went through are marked done together: one write (and, on PostgreSQL, one
    // commit waiting for its flush) for a batch of mails instead of one each. Should it fail, they run
    // again when their lease ends, as a job whose own mark failed always did.
    if (done.length > 0)
      await db
        .update(jobs)
        .set({ doneAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(inArray(jobs.id, done));
    return claimed.length;
  };

  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running
      .then(async () => {
        while (!stopped && (await runOnce()) === batch);
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'job worker could not claim or mark jobs; trying again soon'),
      );
  };
  const timer = setInterval(tick, pollMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type JobWorker = ReturnType<typeof startJobWorker>;
