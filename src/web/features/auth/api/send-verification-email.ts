import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

export const sendVerificationEmail = (email: string) =>
  apiFetch<unknown>('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email, callbackURL: '/' },
  });

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
