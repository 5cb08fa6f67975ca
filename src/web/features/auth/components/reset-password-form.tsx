import { Link } from 'react-router';
import { PasswordField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useResetPassword } from '../api/password-reset';

export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const reset = useResetPassword();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.newPasswordSchema),
    defaultValues: { password: '', confirm: '' },
    fields: ['password'],
    send: async ({ password }) => {
      if (!token) return;
      await reset.mutateAsync({ token, password });
      onDone();
    },
  });

  if (!token) {
    return (
      <div role="alert" className="flex flex-col gap-3">
        <p>This reset link is incomplete or has expired.</p>
        <Link to="/forgot-password" className="btn btn-primary">
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <PasswordField label="New password" purpose="new" {...field('password')} />
      <PasswordField label="Repeat the new password" purpose="new" {...field('confirm')} />
      <FormEnd form={form} error={error} buttonClassName="w-full">
        Save new password
      </FormEnd>
    </form>
  );
}
