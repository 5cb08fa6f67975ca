import { DataTable } from '../../../components/ui/data-table';
import { Pager } from '../../../components/ui/pager';
import { QueryView } from '../../../components/ui/query-view';
import { UserSearchField, useUserSearch } from './user-search';

/** Manage All User: every account with its role, searchable by email, 50 a page. */
export function AllUsers() {
  const { search, query, onSearch, page, pages, setPage, users } = useUserSearch();

  return (
    <section aria-labelledby="all-users-heading" className="flex flex-col gap-4">
      <h1 id="all-users-heading" className="text-2xl font-bold">
        Manage All User
      </h1>
      <UserSearchField value={search} onChange={onSearch} />
      <QueryView
        query={users}
        loadingLabel="Loading users…"
        errorTitle="The users could not be loaded."
        isEmpty={(result) => result.users.length === 0}
        empty={
          <p className="opacity-80">{query ? `No user's email contains “${query}”.` : 'No users yet.'}</p>
        }
      >
        {(result) => (
          <>
            <DataTable
              rows={result.users}
              rowKey={(user) => user._id}
              columns={[
                {
                  header: '#',
                  labelOnPhones: true,
                  cell: (_, index) => (page - 1) * result.pageSize + index + 1,
                },
                { header: 'Email', className: 'break-all', cell: (user) => user.email },
                {
                  header: 'Role',
                  labelOnPhones: true,
                  cell: (user) =>
                    user.role === 'admin' ? <span className="badge badge-primary">Admin</span> : 'Customer',
                },
              ]}
            />
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </QueryView>
    </section>
  );
}
