import { useSearchParams } from 'react-router';
import { PURCHASE_PAGE, pagePattern } from '#shared/pages.ts';
import { safeRedirectPath } from '#shared/safe-redirect.ts';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { LoginForm } from '#web/features/auth/components/login-form.tsx';
import { AfterSignIn, useGoAfterSignIn } from '#web/features/auth/go-after-sign-in.tsx';
import { useSession } from '#web/lib/session.ts';

const googleErrors: Record<string, string> = {
  account_not_linked: 'An account with this email already exists. Log in with your password.',
};

/** Why the visitor was sent here, when it was to buy: the purchase page's guard is known by where it returns to. */
export function loginReason(returnTo: string): string | null {
  if (pagePattern(PURCHASE_PAGE).test(returnTo.split(/[?#]/)[0]!)) return 'Log in to buy this part';
  return null;
}

export function LoginRoute() {
  const [params] = useSearchParams();
  const goAfterSignIn = useGoAfterSignIn();
  const session = useSession();
  const returnTo = safeRedirectPath(params.get('redirect'));
  const oauthError = params.get('error');
  const why = loginReason(returnTo);

  if (session.data?.user) return <AfterSignIn to={returnTo} />;
  return (
    <AuthCard title="Login">
      {why ? <p className="text-center font-semibold">{why}</p> : null}
      {oauthError ? (
        <p role="alert" className="text-sm text-red-700">
          {googleErrors[oauthError] ?? 'Signing in with Google did not complete. Please try again.'}
        </p>
      ) : null}
      <LoginForm returnTo={returnTo} onSignedIn={() => goAfterSignIn(returnTo)} />
    </AuthCard>
  );
}
