import { useState } from 'react';
import type { UserRow } from '#shared/contracts/user.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { PasswordField } from '#web/components/ui/contact-field.tsx';
import { DashboardPage } from '#web/components/ui/dashboard-page.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import { notify } from '#web/lib/notify.tsx';
import { useAuditLog } from '../api/get-audit-log';
import {
  REAUTHENTICATION_REQUIRED,
  useMakeAdmin,
  useReauthenticate,
  useRemoveAdmin,
  useRemoveUser,
} from '../api/user-actions';
import { UserTable } from './user-table';

type Pending = { kind: 'make-admin' | 'remove-admin' | 'remove'; user: UserRow };

const DIALOGS: Record<
  Pending['kind'],
  { title: string; confirm: string; tone: 'danger' | 'primary'; message: (email: string) => string }
> = {
  'make-admin': {
    title: 'Make this account an admin?',
    confirm: 'Make Admin',
    tone: 'primary',
    message: (email) =>
      `${email} will see every account, order and product, and can change them. You can remove admin later.`,
  },
  'remove-admin': {
    title: 'Remove admin?',
    confirm: 'Remove admin',
    tone: 'danger',
    message: (email) => `${email} becomes a customer again and loses the admin pages at once.`,
  },
  remove: {
    title: 'Remove this account?',
    confirm: 'Remove account',
    tone: 'danger',
    message: (email) =>
      `${email} will be deleted and signed out on every device. Their orders stay in the books.`,
  },
};

/** Make Admin (heading ALL USER): promote customers, take admin back, remove accounts, see what admins did. */
export function MakeAdmin({ currentEmail }: { currentEmail: string }) {
  const actions = { 'make-admin': useMakeAdmin(), 'remove-admin': useRemoveAdmin(), remove: useRemoveUser() };
  const reauthenticate = useReauthenticate();
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The password asked for when the shop wants it again (null until it does). */
  const [password, setPassword] = useState<string | null>(null);
  const ask = (next: Pending) => {
    setFailure(null);
    setPending(next);
  };

  const confirm = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    if (password !== null) {
      try {
        await reauthenticate.mutateAsync(password);
      } catch (error) {
        setFailure(errorMessage(error));
        return;
      }
      setPassword(null);
    }
    actions[kind].mutate(user.email, {
      onSuccess: (result) => {
        if (kind === 'make-admin')
          notify.success(
            'modifiedCount' in result && result.modifiedCount > 0
              ? 'Successfully made an admin'
              : `${user.email} already is an admin.`,
          );
        else if (kind === 'remove-admin') notify.success(`${user.email} is no longer an admin.`);
        else notify.success(`${user.email} was removed and signed out everywhere.`);
        close();
      },
      // The dialog stays open and says why (the last admin, an ADMIN_EMAILS address…), or asks for
      // the password when the admin signed in too long ago.
      onError: (error) => {
        const askPassword = error instanceof ApiError && error.code === REAUTHENTICATION_REQUIRED;
        if (askPassword) setPassword('');
        setFailure(askPassword ? null : errorMessage(error));
      },
    });
  };
  const close = () => {
    setPending(null);
    setPassword(null);
  };
  /** A row's button that asks before it acts; its accessible name adds the account's email. */
  const askButton = (kind: Pending['kind'], user: UserRow, label: string, style: string) => (
    <button
      type="button"
      className={`btn btn-sm ${style}`}
      aria-label={`${label} ${user.email}`}
      onClick={() => ask({ kind, user })}
    >
      {label}
    </button>
  );

  return (
    <DashboardPage headingId="make-admin-heading" title="ALL USER">
      <UserTable
        emailHeader="User Email"
        empty={(query) => <p>{query ? `No account matches “${query}”.` : 'No accounts yet.'}</p>}
        summary={(result) => <p className="text-sm opacity-80">{result.total} accounts</p>}
        rowClassName="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2"
        columns={[
          {
            header: 'Create',
            cell: (user) =>
              user.role === 'admin' ? (
                <span className="flex flex-wrap items-center gap-2">
                  <span className="badge badge-primary">Admin</span>
                  {user.email !== currentEmail
                    ? askButton('remove-admin', user, 'Remove admin', 'btn-outline')
                    : null}
                </span>
              ) : (
                askButton('make-admin', user, 'Make Admin', 'btn-primary')
              ),
          },
          {
            header: 'Remove',
            cell: (user) =>
              user.email === currentEmail ? (
                <span className="text-sm opacity-80">You</span>
              ) : (
                askButton('remove', user, 'Remove', 'btn-outline btn-danger')
              ),
          },
        ]}
      />
      <AuditLog />
      <ConfirmDialog
        subject={pending}
        title={({ kind }) => DIALOGS[kind].title}
        message={({ kind, user }) => DIALOGS[kind].message(user.email)}
        confirmLabel={({ kind }) => DIALOGS[kind].confirm}
        tone={pending ? DIALOGS[pending.kind].tone : 'danger'}
        pending={reauthenticate.isPending || (pending ? actions[pending.kind].isPending : false)}
        error={failure}
        onConfirm={confirm}
        onCancel={close}
      >
        {password !== null ? (
          <>
            <p className="pb-2 text-sm">
              You signed in more than 10 minutes ago. Enter your password to confirm it is you.
            </p>
            <PasswordField
              label="Your password"
              purpose="current"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoFocus
            />
          </>
        ) : null}
      </ConfirmDialog>
    </DashboardPage>
  );
}

const actionLabels: Record<string, string> = {
  'user.make-admin': 'made admin',
  'user.remove-admin': 'removed admin',
  'user.remove': 'removed',
  'user.delete-own': 'deleted their own account',
  'part.create': 'added part',
  'part.update': 'edited part',
  'part.delete': 'deleted part',
  'part.hide': 'hid part',
  'part.fits': 'changed the laptops that fit part',
  'laptop.create': 'added laptop model',
  'laptop.update': 'edited laptop model',
  'laptop.delete': 'deleted laptop model',
  'order.ship': 'shipped order',
  'review.delete': 'deleted review',
};

function AuditLog() {
  const log = useAuditLog();
  if (!log.data || log.data.length === 0) return null;
  return (
    <details className="rounded-box bg-base-100 p-4 shadow">
      <summary className="cursor-pointer font-semibold">Recent admin actions</summary>
      <ul className="mt-2 space-y-1 text-sm">
        {log.data.slice(0, 20).map((entry) => (
          <li key={entry._id}>
            <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>:{' '}
            {entry.actor} {actionLabels[entry.action] ?? entry.action} {entry.target}
          </li>
        ))}
      </ul>
    </details>
  );
}
