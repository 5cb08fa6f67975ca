import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/contracts/session';
import { USERS_PAGE_SIZE, type UserList } from '../../../shared/contracts/user';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { recordAudit } from '../audit/service';

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

/** Make Admin: the spec's `modifiedCount` (0 when the account already was an admin). */
export async function makeAdmin(
  db: Db,
  admin: SessionUser,
  email: string,
): Promise<{ modifiedCount: number }> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    if (!target) throw notFound('User');
    const changed = await tx
      .update(users)
      .set({ role: 'admin', updatedAt: new Date() })
      .where(and(eq(users.id, target.id), ne(users.role, 'admin')))
      .returning({ id: users.id });
    if (changed.length > 0) await recordAudit(tx, admin, 'user.make-admin', email.toLowerCase());
    return { modifiedCount: changed.length };
  });
}

/**
 * Removes an account and with it every session (signed out everywhere); its orders stay, with the
 * buyer's snapshot. An admin cannot remove themself, nor the last admin.
 */
export async function removeUser(
  db: Db,
  admin: SessionUser,
  email: string,
): Promise<{ deletedCount: number }> {
  const normalized = email.toLowerCase();
  if (normalized === admin.email.toLowerCase()) {
    throw new AppError(409, 'cannot_remove_self', 'You cannot remove your own account.');
  }
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, normalized));
    if (!target) throw notFound('User');
    if (target.role === 'admin') {
      // Lock the admins' rows so two removals at once cannot leave the shop without an admin.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'admin'))
        .for('update');
      if (admins.length <= 1) throw new AppError(409, 'last_admin', 'The shop needs at least one admin.');
    }
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, admin, 'user.remove', normalized, { role: target.role });
    return { deletedCount: 1 };
  });
}
