import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { NewPasswordInput, newPasswordSchema } from '../../../../shared/contracts/auth';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { formResolver } from '../../../lib/form-resolver';
import { useResetPassword } from '../api/password-reset';

export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const form = useForm<NewPasswordInput, unknown, z.output<typeof newPasswordSchema>>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/auth').then((contract) => contract.newPasswordSchema),
    ),
    defaultValues: { password: '', confirm: '' },
  });
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

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

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password });
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <FormError message={error} errors={form.formState.errors} />
      <SubmitButton className="w-full" pending={reset.isPending}>
        Save new password
      </SubmitButton>
    </form>
  );
}
