import { useState } from 'react';
import { Link } from 'react-router';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { useServerForm } from '../../../lib/use-server-form';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../../../../shared/contracts/auth').then((contract) => contract.emailOnlySchema),
    defaultValues: { email: '' },
    fields: ['email'],
    send: async ({ email }) => {
      await request.mutateAsync(email);
      setSentTo(email);
    },
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <p>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password.
          The link works for one hour.
        </p>
        <Link to="/login" className="btn btn-primary">
          Back to login
        </Link>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormError message={error} errors={form.formState.errors} />
      <SubmitButton className="w-full" pending={form.formState.isSubmitting}>
        Send reset link
      </SubmitButton>
      <Link to="/login" className="link self-center text-sm">
        Back to login
      </Link>
    </form>
  );
}
