import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { EmailOnlyInput, emailOnlySchema } from '../../../../shared/contracts/auth';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { formResolver } from '../../../lib/form-resolver';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordForm() {
  const form = useForm<EmailOnlyInput, unknown, z.output<typeof emailOnlySchema>>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/auth').then((contract) => contract.emailOnlySchema),
    ),
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

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

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <FormError message={error} errors={form.formState.errors} />
      <SubmitButton className="w-full" pending={request.isPending}>
        Send reset link
      </SubmitButton>
      <Link to="/login" className="link self-center text-sm">
        Back to login
      </Link>
    </form>
  );
}
