import { useState } from 'react';
import type { UserRow } from '../../../../shared/contracts/user';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { notify } from '../../../lib/notify';
import { useAuditLog } from '../api/get-audit-log';
import { useUsers } from '../api/get-users';
import { useMakeAdmin, useRemoveUser } from '../api/user-actions';

/** Make Admin (heading ALL USER): promote customers, remove accounts, see what admins did. */
export function MakeAdmin({ currentEmail }: { currentEmail: string }) {
  const [search, setSearch] = useState('');
  const users = useUsers(search.trim(), 1);
  const makeAdmin = useMakeAdmin();
  const removeUser = useRemoveUser();
  const [removing, setRemoving] = useState<UserRow | null>(null);

  const promote = (user: UserRow) =>
    makeAdmin.mutate(user.email, {
      onSuccess: ({ modifiedCount }) => {
        if (modifiedCount > 0) notify.success('Successfully made an admin');
        else notify.success(`${user.email} already is an admin.`);
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  const confirmRemove = () => {
    if (!removing) return;
    removeUser.mutate(removing.email, {
      onSuccess: () => notify.success(`${removing.email} was removed and signed out everywhere.`),
      onError: (error) => notify.error(errorMessage(error)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section aria-labelledby="make-admin-heading" className="flex flex-col gap-4">
      <h1 id="make-admin-heading" className="text-2xl font-bold">
        ALL USER
      </h1>
      <label className="input w-full sm:max-w-sm">
        <span className="sr-only">Search by email</span>
        <input
          type="search"
          placeholder="Search by email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      {users.isPending ? (
        <Spinner label="Loading users…" />
      ) : users.isError ? (
        <QueryError
          title="The users could not be loaded."
          error={users.error}
          onRetry={() => void users.refetch()}
        />
      ) : (
        <div className="overflow-x-auto rounded-box bg-base-100 shadow">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">User Email</th>
                <th scope="col">Create</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user, index) => (
                <tr key={user._id}>
                  <td>{index + 1}</td>
                  <td>{user.email}</td>
                  <td>
                    {user.role === 'admin' ? (
                      <span className="badge badge-primary">Admin</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-primary"
                        disabled={makeAdmin.isPending}
                        aria-label={`Make ${user.email} an admin`}
                        onClick={() => promote(user)}
                      >
                        Make Admin
                      </button>
                    )}
                  </td>
                  <td>
                    {user.email === currentEmail ? (
                      <span className="text-sm opacity-80">You</span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline btn-danger"
                        aria-label={`Remove ${user.email}`}
                        onClick={() => setRemoving(user)}
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AuditLog />
      <ConfirmDialog
        open={removing !== null}
        title="Remove this account?"
        message={
          removing
            ? `${removing.email} will be deleted and signed out on every device. Their orders stay in the books.`
            : ''
        }
        confirmLabel="Remove account"
        pending={removeUser.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

const actionLabels: Record<string, string> = {
  'user.make-admin': 'made admin',
  'user.remove': 'removed',
  'part.create': 'added part',
  'part.update': 'edited part',
  'part.delete': 'deleted part',
  'part.hide': 'hid part',
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
