import { Navigate, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/api/get-session';
import { AuthCard } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';

export function SignupRoute() {
  const navigate = useNavigate();
  const session = useSession();
  if (session.data?.user) return <Navigate to="/" replace />;
  return (
    <AuthCard title="Sign Up">
      <SignupForm onSignedUp={() => navigate('/', { replace: true })} />
    </AuthCard>
  );
}
