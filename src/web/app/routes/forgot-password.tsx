import { AuthCard } from '#web/features/auth/components/auth-card.tsx';
import { ForgotPasswordForm } from '#web/features/auth/components/forgot-password-form.tsx';

export function ForgotPasswordRoute() {
  return (
    <AuthCard title="Forgot password?">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
