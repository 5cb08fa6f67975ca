import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

export type SecondFactor = 'totp' | 'backup-code';

/** Completes a two-factor sign-in (or confirms enrolment) with an app code or a backup code. */
export const verifyTwoFactor = ({ kind, code }: { kind: SecondFactor; code: string }) =>
  apiFetch<unknown>(`/api/auth/two-factor/verify-${kind}`, { method: 'POST', body: { code } });

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
