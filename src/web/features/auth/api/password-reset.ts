import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** Mails a reset link (the same answer whether or not the account exists). */
export const requestPasswordReset = (email: string) =>
  apiFetch<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });

export const resetPassword = ({ token, password }: { token: string; password: string }) =>
  apiFetch<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword: password } });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
