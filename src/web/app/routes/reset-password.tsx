import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ResetPasswordForm } from '#web/features/auth/components/reset-password-form.tsx';
import { notify } from '#web/lib/notify.tsx';

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('error') ? null : params.get('token');
  return (
    <AuthCard title="Choose a new password">
      <ResetPasswordForm
        token={token}
        onDone={() => {
          notify.success('Your password is changed. Please log in with the new one.');
          navigate('/login', { replace: true });
        }}
      />
    </AuthCard>
  );
}
