import type { users } from '#server/db/schema.ts';
import type { UserRow } from '#shared/contracts/user.ts';

/** An account as the admin tables show it: `_id`, and any role but admin shown as customer. */
export const toUserRow = (
  row: Pick<typeof users.$inferSelect, 'id' | 'email' | 'name' | 'role'>,
): UserRow => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  role: row.role === 'admin' ? 'admin' : 'customer',
});
