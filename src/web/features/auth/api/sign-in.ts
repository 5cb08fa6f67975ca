import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { sessionQueryKey } from '#web/lib/session.ts';

export type SignInResult = { twoFactorRedirect: true } | { twoFactorRedirect?: undefined; user: unknown };

export const signIn = (input: LoginInput) =>
  apiFetch<SignInResult>('/api/auth/sign-in/email', { method: 'POST', body: input });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (result) => {
      if (!result.twoFactorRedirect) return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
