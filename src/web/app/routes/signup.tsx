import { AuthCard } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';
import { AfterSignIn } from '../../features/auth/go-after-sign-in';
import { useSession } from '../../lib/session';

export function SignupRoute() {
  const session = useSession();
  if (session.data?.user) return <AfterSignIn to="/" />;
  return (
    <AuthCard title="Sign Up">
      <SignupForm />
    </AuthCard>
  );
}
