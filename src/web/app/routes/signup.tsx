import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { SignupForm } from '#web/features/auth/components/signup-form.tsx';
import { AfterSignIn } from '#web/features/auth/go-after-sign-in.tsx';
import { useSession } from '#web/lib/session.ts';

export function SignupRoute() {
  const session = useSession();
  if (session.data?.user) return <AfterSignIn to="/" />;
  return (
    <AuthCard title="Sign Up">
      <SignupForm />
    </AuthCard>
  );
}
