import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserList } from '../../../../shared/contracts/user';
import { apiFetch } from '../../../lib/api-client';

export const usersQueryKey = ['users'] as const;

export const getUsers = (search: string, page: number, signal?: AbortSignal) =>
  apiFetch<UserList>(`/api/user?${new URLSearchParams({ search, page: String(page) })}`, { signal });

export const usersQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, search, page],
    queryFn: ({ signal }) => getUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (search: string, page: number) => useQuery(usersQueryOptions(search, page));
