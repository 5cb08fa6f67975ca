import { count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#server/db/database.ts';
import { feedback } from '#server/db/schema.ts';
import { recordId } from '#server/http/record-id.ts';
import { notFound } from '#server/lib/domain-errors.ts';
import type { feedbackInputSchema } from '#shared/contracts/feedback.ts';

export async function saveFeedback(db: Db, input: z.output<typeof feedbackInputSchema>): Promise<string> {
  const [row] = await db.insert(feedback).values(input).returning({ id: feedback.id });
  return row!.id;
}

export type FeedbackRow = typeof feedback.$inferSelect;

/** The inbox: the newest 200 messages and how many are unread. */
export async function listFeedback(db: Db): Promise<{ messages: FeedbackRow[]; unread: number }> {
  const [rows, [unread]] = await Promise.all([
    db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(200),
    db.select({ value: count() }).from(feedback).where(isNull(feedback.readAt)),
  ]);
  return { messages: rows, unread: unread?.value ?? 0 };
}

export async function markFeedbackRead(db: Db, id: string): Promise<FeedbackRow> {
  recordId(id, 'Message');
  const [row] = await db.update(feedback).set({ readAt: new Date() }).where(eq(feedback.id, id)).returning();
  if (!row) throw notFound('Message');
  return row;
}
