import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-client.ts';

/** Starts the OpenID Connect flow; the browser leaves for Google and comes back to `returnTo`. */
export async function signInWithGoogle(returnTo: string): Promise<void> {
  // Better Auth registers OpenID Connect providers beside its built-in social ones.
  const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: returnTo, errorCallbackURL: '/login' },
  });
  window.location.assign(url);
}

export const useSignInWithGoogle = () => useMutation({ mutationFn: signInWithGoogle });
