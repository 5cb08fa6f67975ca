import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

export interface TwoFactorEnrolment {
  totpURI: string;
  backupCodes: string[];
}

/** Step 1 of enrolment: the password proves it is the owner; the app secret and backup codes come back. */
export const enableTwoFactor = (password: string) =>
  apiFetch<TwoFactorEnrolment>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });

export const disableTwoFactor = (password: string) =>
  apiFetch<unknown>('/api/auth/two-factor/disable', { method: 'POST', body: { password } });

export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
