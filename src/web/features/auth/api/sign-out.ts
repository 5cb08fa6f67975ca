import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

export const signOut = () => apiFetch<unknown>('/api/auth/sign-out', { method: 'POST', body: {} });

/** Ends the session and forgets everything cached for this user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
    },
  });
}
