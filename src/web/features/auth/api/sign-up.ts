import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupInput } from '../../../../shared/contracts/auth';
import { apiFetch } from '../../../lib/api-client';
import { sessionQueryKey } from './get-session';

export const signUp = (input: SignupInput) =>
  apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body: { ...input, callbackURL: '/' } });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
