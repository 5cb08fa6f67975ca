import { useState } from 'react';
import { Link } from 'react-router';
import { ContactField, PasswordField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSignUp } from '../api/sign-up';
import { GoogleButton } from './google-button';

/**
 * Sign-up, then "check your email": the shop signs nobody in at sign-up (it answers the same whether or
 * not the address already has an account), and the link it mails confirms the address and signs in.
 */
export function SignupForm() {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.signupInputSchema),
    defaultValues: { name: '', email: '', password: '' },
    fields: ['name', 'email', 'password'],
    send: async (input) => {
      await signUp.mutateAsync(input);
      setSentTo(input.email.trim());
    },
  });

  if (sentTo) {
    return (
      <div role="status" className="flex flex-col gap-3 text-center">
        <p className="text-lg font-semibold">Check your email</p>
        <p>
          We sent a link to <strong>{sentTo}</strong>. Open it to confirm your address: it signs you in.
        </p>
        <p className="text-sm">
          {'No mail after a few minutes? Look in your spam folder, or '}
          <Link to="/login" className="link link-primary font-semibold">
            log in
          </Link>
          {' with your password.'}
        </p>
      </div>
    );
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <ContactField kind="name" {...field('name')} />
        <ContactField kind="email" {...field('email')} />
        <PasswordField
          label="Password"
          purpose="new"
          hint="At least 6 characters, hard to guess: a few unrelated words work well."
          {...field('password')}
        />
        <FormEnd form={form} error={error} buttonClassName="w-full">
          Sign Up
        </FormEnd>
      </form>
      <p className="text-center text-sm">
        {'Already have an account? '}
        <Link to="/login" className="link link-primary font-semibold">
          Please login
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleButton returnTo="/" />
    </>
  );
}
