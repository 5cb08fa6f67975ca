import type { feedback } from '#server/db/schema.ts';
import type { FeedbackMessage } from '#shared/contracts/admin.ts';

/** A stored message as the inbox receives it (`_id`, `read` for a read time). */
export const toMessage = (row: typeof feedback.$inferSelect): FeedbackMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  location: row.location,
  message: row.message,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});
