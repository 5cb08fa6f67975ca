import { useDeferredValue, useState } from 'react';
import { Pager } from '../../../components/ui/pager';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUsers } from '../api/get-users';

/** Manage All User: every account with its role, searchable by email, 50 a page. */
export function AllUsers() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const users = useUsers(query, page);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <h1 id="all-users-heading" className="text-2xl font-bold">
        Manage All User
      </h1>
      <label className="input w-full sm:max-w-sm">
        <span className="sr-only">Search by email</span>
        <input
          type="search"
          placeholder="Search by email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
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
      ) : users.data.users.length === 0 ? (
        <p className="opacity-80">{query ? `No user's email contains “${query}”.` : 'No users yet.'}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-box bg-base-100 shadow">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                </tr>
              </thead>
              <tbody>
                {users.data.users.map((user, index) => (
                  <tr key={user._id}>
                    <td>{(page - 1) * users.data.pageSize + index + 1}</td>
                    <td>{user.email}</td>
                    <td>
                      {user.role === 'admin' ? (
                        <span className="badge badge-primary">Admin</span>
                      ) : (
                        'Customer'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
