import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-database';
import { enqueue, startJobWorker } from './queue';

/** The worker's logger: what it warned of and gave up on, kept for the test to read. */
function keptLog() {
  const lines: string[] = [];
  const keep = (_: unknown, message: string) => {
    lines.push(message);
  };
  const log = { warn: keep, error: keep, info: keep, debug: keep, trace: keep, fatal: keep };
  return { lines, log: { ...log, child: () => log } as unknown as FastifyBaseLogger };
}

describe('the job worker', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('marks the jobs of a batch that went through done, and schedules the one that failed again', async () => {
    const ran: string[] = [];
    const { lines, log } = keptLog();
    const worker = startJobWorker(
      database.db,
      {
        mail: async (payload) => {
          ran.push(String(payload.to));
        },
        flaky: async () => {
          throw new Error('SMTP 451: try again later');
        },
      },
      log,
      { pollMs: 3_600_000, batch: 10 },
    );
    await enqueue(database.db, [
      { kind: 'mail', payload: { to: 'a' }, dedupeKey: 'test:a' },
      { kind: 'flaky', payload: {}, dedupeKey: 'test:flaky' },
      { kind: 'mail', payload: { to: 'b' }, dedupeKey: 'test:b' },
    ]);
    expect(await worker.runOnce()).toBe(3);
    await worker.stop();
    expect(ran.sort()).toEqual(['a', 'b']);
    const rows = await database.db.select().from(jobs);
    for (const key of ['test:a', 'test:b'])
      expect(rows.find((job) => job.dedupeKey === key)).toMatchObject({
        attempts: 1,
        doneAt: expect.any(Date),
        lockedUntil: null,
        lastError: null,
      });
    const flaky = rows.find((job) => job.dedupeKey === 'test:flaky')!;
    expect(flaky).toMatchObject({
      attempts: 1,
      doneAt: null,
      lockedUntil: null,
      lastError: 'SMTP 451: try again later',
    });
    expect(flaky.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(lines).toEqual(['job failed; retrying later']);
  });

  it('runs nothing again that was marked done, and takes the failed job once it is due', async () => {
    const ran: string[] = [];
    const worker = startJobWorker(
      database.db,
      {
        mail: async (payload) => {
          ran.push(String(payload.to));
        },
        flaky: async () => {
          ran.push('flaky');
        },
      },
      keptLog().log,
      { pollMs: 3_600_000 },
    );
    expect(await worker.runOnce()).toBe(0);
    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.dedupeKey, 'test:flaky'));
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(ran).toEqual(['flaky']);
    const [flaky] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'test:flaky'));
    expect(flaky).toMatchObject({ attempts: 2, doneAt: expect.any(Date), lastError: null });
  });
});
