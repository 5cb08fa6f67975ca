import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { AccountPage } from '#web/features/auth/go-after-sign-in.tsx';
import { useSession } from '#web/lib/session.ts';

/** Signed-in routes: a spinner while the session loads, else the login page remembering where we were. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Spinner label="Checking your session…" />;
  if (session.isError) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4">
        <QueryError
          title="Your session could not be checked."
          error={session.error}
          onRetry={() => void session.refetch()}
        />
      </main>
    );
  }
  if (!session.data.user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace />;
  }
  return (
    <AccountPage>
      <Outlet />
    </AccountPage>
  );
}
