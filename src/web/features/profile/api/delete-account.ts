import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** Deletes the signed-in account, its password proven again; the server signs it out everywhere. */
export const deleteAccount = (password: string) =>
  apiFetch<null>('/api/me', { method: 'DELETE', body: { password } });

/** Deleting the account, then forgetting everything cached for it (as signing out does). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => queryClient.clear() });
}
