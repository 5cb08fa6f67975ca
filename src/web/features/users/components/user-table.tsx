import { type ReactNode, useDeferredValue, useState } from 'react';
import type { UserRow } from '#shared/contracts/user.ts';
import { USERS_PAGE_SIZE } from '#shared/page-sizes.ts';
import { type Column, DataTable } from '#web/components/ui/data-table.tsx';
import { Pager } from '#web/components/ui/pager.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import type { Page } from '#web/lib/api-client.ts';
import { useUsers } from '../api/get-users';

/** The accounts whose email contains what was typed, a page at a time; a new search starts at page 1. */
function useUserSearch() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const users = useUsers(query, page);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / USERS_PAGE_SIZE)) : 1;
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { search, query, onSearch, page, pages, setPage, users };
}

/** The search box above the account tables. */
function UserSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <label className="input w-full sm:max-w-sm">
      <span className="sr-only">Search by email</span>
      <input
        type="search"
        placeholder="Search by email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

interface UserTableProps {
  /** What a page without accounts says, for the search typed (empty when none is). */
  empty: (query: string) => ReactNode;
  /** Shown above the table. */
  summary?: (result: Page<UserRow>) => ReactNode;
  emailHeader: string;
  /** The columns after the row's number and its email. */
  columns: Column<UserRow>[];
  rowClassName?: string;
}

/** The account tables of both user pages: searchable by email, numbered across pages, 50 a page. */
export function UserTable({ empty, summary, emailHeader, columns, rowClassName }: UserTableProps) {
  const { search, query, onSearch, page, pages, setPage, users } = useUserSearch();
  return (
    <>
      <UserSearchField value={search} onChange={onSearch} />
      <QueryView
        query={users}
        loadingLabel="Loading users…"
        errorTitle="The users could not be loaded."
        isEmpty={(result) => result.data.length === 0}
        empty={empty(query)}
      >
        {(result) => (
          <>
            {summary?.(result)}
            <DataTable
              rows={result.data}
              rowKey={(user) => user._id}
              rowClassName={rowClassName}
              columns={[
                {
                  header: '#',
                  labelOnPhones: true,
                  cell: (_, index) => (page - 1) * USERS_PAGE_SIZE + index + 1,
                },
                { header: emailHeader, className: 'break-all', cell: (user) => user.email },
                ...columns,
              ]}
            />
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </QueryView>
    </>
  );
}
