import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { auditLogQueryKey } from './get-audit-log';
import { usersQueryKey } from './get-users';

export const makeAdmin = (email: string) =>
  apiFetch<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });

export const removeAdmin = (email: string) =>
  apiFetch<{ modifiedCount: number }>(`/api/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' });

export const removeUser = (email: string) =>
  apiFetch<{ deletedCount: number }>(`/api/user/${encodeURIComponent(email)}`, { method: 'DELETE' });

/** Each changes the user list and the audit log: refetch them afterwards. */
function useUserAction<T>(action: (email: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
      ]),
  });
}

export const useMakeAdmin = () => useUserAction(makeAdmin);
export const useRemoveAdmin = () => useUserAction(removeAdmin);
export const useRemoveUser = () => useUserAction(removeUser);

/** Proves the password again on this session (the shop asks before changing who the admins are). */
export const reauthenticate = (password: string) =>
  apiFetch<null>('/api/session/reauthenticate', { method: 'POST', body: { password } });

export const useReauthenticate = () => useMutation({ mutationFn: reauthenticate });

/** The shop's answer when the password must be entered again first. */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
