import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '#shared/contracts/auth.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** Makes the account and mails its confirmation link; it signs nobody in (see SignupForm). */
export const signUp = (input: SignupInput) =>
  apiFetch<unknown>('/api/auth/sign-up/email', { method: 'POST', body: { ...input, callbackURL: '/' } });

export const useSignUp = () => useMutation({ mutationFn: signUp });
