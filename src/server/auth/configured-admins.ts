import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';

/**
 * ADMIN_EMAILS are admins at every start, also when the account existed before the setting — once the
 * address is verified: whoever signs up first with it must prove it is theirs.
 */
export async function promoteConfiguredAdmins(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(users.email, [...emails]), eq(users.emailVerified, true), ne(users.role, 'admin')));
}
