import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../shared/safe-redirect';
import { useSession } from '../../features/auth/api/get-session';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { AfterSignIn, useGoAfterSignIn } from '../../features/auth/go-after-sign-in';

const googleErrors: Record<string, string> = {
  account_not_linked: 'An account with this email already exists. Log in with your password.',
};

export function LoginRoute() {
  const [params] = useSearchParams();
  const goAfterSignIn = useGoAfterSignIn();
  const session = useSession();
  const returnTo = safeRedirectPath(params.get('redirect'));
  const oauthError = params.get('error');

  if (session.data?.user) return <AfterSignIn to={returnTo} />;
  return (
    <AuthCard title="Login">
      {oauthError ? (
        <p role="alert" className="text-sm text-red-700">
          {googleErrors[oauthError] ?? 'Signing in with Google did not complete. Please try again.'}
        </p>
      ) : null}
      <LoginForm returnTo={returnTo} onSignedIn={() => goAfterSignIn(returnTo)} />
    </AuthCard>
  );
}
