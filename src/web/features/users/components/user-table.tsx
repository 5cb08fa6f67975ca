import { useDeferredValue, useState } from 'react';
import { useUsers } from '../api/get-users';

/** The accounts whose email contains what was typed, a page at a time; a new search starts at page 1. */
export function useUserSearch() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const users = useUsers(query, page);
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;
  const onSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };
  return { search, query, onSearch, page, pages, setPage, users };
}

/** The search box above the account tables. */
export function UserSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
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
