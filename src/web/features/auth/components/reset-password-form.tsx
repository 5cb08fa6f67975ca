import { Link } from 'react-router';
import { PasswordField } from '../../../components/ui/contact-field';
import { FormEnd } from '../../../components/ui/form-feedback';
import { useServerForm } from '../../../lib/use-server-form';
import { useResetPassword } from '../api/password-reset';

export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const reset = useResetPassword();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../../../../shared/contracts/auth').then((contract) => contract.newPasswordSchema),
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
