import { desc } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { auditLog } from '#server/db/schema.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

/** The shop itself, for what it does on its own (expiring orders, refunding late payments). */
export const SYSTEM = { id: null, email: 'system' } as const;

/** Writes who did what to whom; pass the transaction so the record and the change land together. */
export async function recordAudit(
  db: Db,
  actor: Pick<SessionUser, 'id' | 'email'> | typeof SYSTEM,
  action: string,
  target: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ actorId: actor.id, actorEmail: actor.email, action, target, details: details ?? null });
}

export function listAudit(db: Db, limit = 50): Promise<(typeof auditLog.$inferSelect)[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
