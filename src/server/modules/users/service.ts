import { and, asc, count, eq, ilike, ne } from 'drizzle-orm';
import type { Db } from '#server/db/database.ts';
import { users } from '#server/db/schema.ts';
import { Conflict, notFound } from '#server/lib/domain-errors.ts';
import { escapeLike } from '#server/lib/escape-like.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { SessionUser } from '#shared/contracts/session.ts';

export async function findRoleByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.role ?? null;
}

/** One page of accounts, by email, with how many there are in all. */
export async function listUsers(
  db: Db,
  { search, page, limit }: { search: string; page: number; limit: number },
) {
  const where = search ? ilike(users.email, `%${escapeLike(search)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, name: users.name, role: users.role })
      .from(users)
      .where(where)
      .orderBy(asc(users.email))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { users: rows, total: total?.value ?? 0 };
}

/** Make Admin: `modifiedCount` as older clients read it (0 when the account already was an admin). */
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
      .set({ role: 'admin' })
      .where(and(eq(users.id, target.id), ne(users.role, 'admin')))
      .returning({ id: users.id });
    if (changed.length > 0) await recordAudit(tx, admin, 'user.make-admin', email.toLowerCase());
    return { modifiedCount: changed.length };
  });
}

/**
 * Refuses a change that would take away the last admin. The admins' rows are locked, so two changes at
 * once (two admins demoting or removing each other) cannot both pass.
 */
async function keepAnAdmin(tx: Db): Promise<void> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  if (admins.length <= 1) throw new Conflict('last_admin', 'The shop needs at least one admin.');
}

/**
 * The shop's owners, the ADMIN_EMAILS addresses, are admins by the setting: no admin they granted may
 * demote or remove them (either would only last until the next start, or hand the shop to that admin).
 */
function refuseConfiguredAdmin(email: string, configuredAdmins: readonly string[]): void {
  if (configuredAdmins.includes(email)) {
    throw new Conflict(
      'configured_admin',
      'This address is an admin by the ADMIN_EMAILS setting: take it out of the setting first.',
    );
  }
}

/**
 * Remove admin: the account becomes a customer again (`modifiedCount` 0 when it was not an admin). Never
 * the last admin, and not an address in ADMIN_EMAILS, which would be made admin again at the next start.
 */
export async function removeAdmin(
  db: Db,
  admin: SessionUser,
  email: string,
  configuredAdmins: readonly string[],
): Promise<{ modifiedCount: number }> {
  const normalized = email.toLowerCase();
  refuseConfiguredAdmin(normalized, configuredAdmins);
  return db.transaction(async (tx) => {
    const target = await accountByEmail(tx, normalized);
    if (target.role !== 'admin') return { modifiedCount: 0 };
    await keepAnAdmin(tx);
    await tx.update(users).set({ role: 'customer' }).where(eq(users.id, target.id));
    await recordAudit(tx, admin, 'user.remove-admin', normalized);
    return { modifiedCount: 1 };
  });
}

/** The account with this (lowercased) email, read inside the caller's transaction; 404 when none. */
async function accountByEmail(tx: Db, email: string) {
  const [account] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, email));
  if (!account) throw notFound('User');
  return account;
}

/**
 * Removes an account and with it every session (signed out everywhere); its orders stay, with the
 * buyer's snapshot. An admin cannot remove themself, the last admin, nor an ADMIN_EMAILS address.
 */
export async function removeUser(
  db: Db,
  admin: SessionUser,
  email: string,
  configuredAdmins: readonly string[],
): Promise<{ deletedCount: number }> {
  const normalized = email.toLowerCase();
  if (normalized === admin.email.toLowerCase()) {
    throw new Conflict('cannot_remove_self', 'You cannot remove your own account.');
  }
  return deleteAccount(db, admin, normalized, configuredAdmins, 'user.remove');
}

/**
 * "Delete my account" (its password proven by the caller): the same rules as an admin's removal, so
 * the owner's account (ADMIN_EMAILS) cannot go, nor the last admin.
 */
export function removeOwnAccount(
  db: Db,
  user: SessionUser,
  configuredAdmins: readonly string[],
): Promise<{ deletedCount: number }> {
  return deleteAccount(db, user, user.email.toLowerCase(), configuredAdmins, 'user.delete-own');
}

/**
 * The one way an account is deleted: never an ADMIN_EMAILS address nor the last admin; the sessions,
 * cart and profile go with the account (cascades), the orders stay with the buyer's snapshot (their
 * user becomes null); recorded in the audit log in the same transaction.
 */
async function deleteAccount(
  db: Db,
  actor: SessionUser,
  email: string,
  configuredAdmins: readonly string[],
  action: 'user.remove' | 'user.delete-own',
): Promise<{ deletedCount: number }> {
  refuseConfiguredAdmin(email, configuredAdmins);
  return db.transaction(async (tx) => {
    const target = await accountByEmail(tx, email);
    if (target.role === 'admin') await keepAnAdmin(tx);
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, actor, action, email, { role: target.role });
    return { deletedCount: 1 };
  });
}
