import { asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { USERS_PAGE_SIZE, type UserList } from '../../../shared/contracts/user';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';

export async function findRoleByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.role ?? null;
}

/** ADMIN_EMAILS are admins at every start, also when the account existed before the setting. */
export async function promoteConfiguredAdmins(db: Db, emails: readonly string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(inArray(users.email, [...emails]));
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listUsers(db: Db, search: string, page: number): Promise<UserList> {
  const where = search ? ilike(users.email, `%${escapeLike(search)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ _id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((row) => ({ ...row, role: row.role === 'admin' ? 'admin' : 'customer' })),
    total: total?.value ?? 0,
    page,
    pageSize: USERS_PAGE_SIZE,
  };
}
