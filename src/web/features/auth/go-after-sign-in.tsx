import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { servedSignedOut } from '#web/lib/session.ts';

/**
 * Where to go once someone has signed in. A page the server sent to a signed-out visitor is not cut
 * off from the window that opened it (no Cross-Origin-Opener-Policy: server http/security-headers.ts),
 * so the next page is loaded from the server, which sends it with the policy; a page that already has
 * it moves on in place.
 */
export function useGoAfterSignIn(): (to: string) => void {
  const navigate = useNavigate();
  return (to) => {
    if (servedSignedOut()) window.location.replace(to);
    else navigate(to, { replace: true });
  };
}

/** Drawn instead of a sign-in page for someone signed in: goes on to `to`. */
export function AfterSignIn({ to }: { to: string }) {
  const goAfterSignIn = useGoAfterSignIn();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when drawn
  useEffect(() => goAfterSignIn(to), [to]);
  return null;
}

/**
 * An account's page, for someone signed in: drawn here when the server sent this page with its opener
 * policy, else loaded from the server (someone signed in from another tab while this page, sent to a
 * signed-out visitor, was open).
 */
export function AccountPage({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!servedSignedOut()) return children;
  return <AfterSignIn to={`${location.pathname}${location.search}${location.hash}`} />;
}
