import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const makeAdmin = (email: string) =>
  apiFetch<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });

export const removeUser = (email: string) =>
  apiFetch<{ deletedCount: number }>(`/api/user/${encodeURIComponent(email)}`, { method: 'DELETE' });

/** Both change the user list and the audit log: refetch them afterwards. */
function useUserAction<T>(action: (email: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit-log'] }),
      ]),
  });
}

export const useMakeAdmin = () => useUserAction(makeAdmin);
export const useRemoveUser = () => useUserAction(removeUser);
