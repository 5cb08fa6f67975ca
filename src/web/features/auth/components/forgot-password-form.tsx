import { useState } from 'react';
import { Link } from 'react-router';
import { ContactField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useRequestPasswordReset } from '../api/password-reset';

export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.emailOnlySchema),
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
      <ContactField kind="email" {...field('email')} />
      <FormEnd form={form} error={error} buttonClassName="w-full">
        Send reset link
      </FormEnd>
      <Link to="/login" className="link self-center text-sm">
        Back to login
      </Link>
    </form>
  );
}
