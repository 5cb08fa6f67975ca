import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '#shared/contracts/session.ts';
import { apiFetch } from './api-client';

export const sessionQueryKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) => apiFetch<Session>('/api/session', { signal });

/** Who is signed in; refetched when the window regains focus, so a session ended elsewhere shows. */
export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal), staleTime: 60_000 });

export const useSession = () => useQuery(sessionQueryOptions());

/** Records that nobody is signed in, so the first screen need not wait for /api/session to learn it. */
export function signedOutSession(queryClient: QueryClient): void {
  queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
}

/** A page the server sent to a visitor without a session cookie says so (server http/web.ts). */
export const servedSignedOut = () =>
  document.querySelector('meta[name="shop-session"][content="signed-out"]') !== null;

/** On a page sent to a signed-out visitor, nobody is signed in. */
export function primeSessionFromPage(queryClient: QueryClient): void {
  if (servedSignedOut()) signedOutSession(queryClient);
}

/**
 * Who is looking at the shop, for what the catalogue offers them: visitors and customers may add
 * parts to a cart (visitors are asked to log in first), admins do not buy. `signedIn` is undefined
 * while the session loads.
 */
export function useShopper(): { signedIn: boolean | undefined; buys: boolean } {
  const session = useSession();
  const user = session.data?.user;
  return { signedIn: session.data ? user !== null : undefined, buys: user?.role !== 'admin' };
}
