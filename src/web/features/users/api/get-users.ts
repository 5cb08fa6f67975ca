import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserRow } from '#shared/contracts/user.ts';
import { USERS_PAGE_SIZE } from '#shared/page-sizes.ts';
import { apiFetchPage, pagedListPath } from '#web/lib/api-client.ts';

export const usersQueryKey = ['users'] as const;

/** One page of accounts whose email contains `search`, USERS_PAGE_SIZE a page, and how many in all. */
export const getUsers = (search: string, page: number, signal?: AbortSignal) =>
  apiFetchPage<UserRow>(pagedListPath('/api/user', { search }, { page, limit: USERS_PAGE_SIZE }), { signal });

export const usersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, search, page],
    queryFn: ({ signal }) => getUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: string, page: number) => useQuery(usersQueryOptions(search, page));
