import type { auditLog } from '#server/db/schema.ts';
import type { AuditEntry } from '#shared/contracts/admin.ts';

/** A stored audit record as the admins' log shows it (the actor by email). */
export const toAuditEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  _id: row.id,
  actor: row.actorEmail,
  action: row.action,
  target: row.target,
  createdAt: row.createdAt.toISOString(),
});
