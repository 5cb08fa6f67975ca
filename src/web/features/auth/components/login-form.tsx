import { useState } from 'react';
import { Link } from 'react-router';
import { SHOP_NAME } from '#shared/shop.ts';
import { ContactField, PasswordField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useSignIn } from '../api/sign-in';
import { GoogleButton } from './google-button';
import { TwoFactorChallenge } from './two-factor-challenge';

interface LoginFormProps {
  /** Where to go once signed in (already checked to be a path on this site). */
  returnTo: string;
  onSignedIn: () => void;
}

export function LoginForm({ returnTo, onSignedIn }: LoginFormProps) {
  const signIn = useSignIn();
  const [needsSecondFactor, setNeedsSecondFactor] = useState(false);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.loginInputSchema),
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
    send: async (input) => {
      const result = await signIn.mutateAsync(input);
      if (result.twoFactorRedirect) setNeedsSecondFactor(true);
      else onSignedIn();
    },
  });

  if (needsSecondFactor) return <TwoFactorChallenge onVerified={onSignedIn} />;

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <ContactField kind="email" {...field('email')} />
        <PasswordField label="Password" purpose="current" {...field('password')} />
        <Link to="/forgot-password" className="link self-end text-sm">
          Forgot password?
        </Link>
        <FormEnd form={form} error={error} buttonClassName="w-full">
          Login
        </FormEnd>
      </form>
      <p className="text-center text-sm">
        {`New to ${SHOP_NAME}? `}
        <Link to="/signup" className="link link-primary font-semibold">
          Create new account
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleButton returnTo={returnTo} />
    </>
  );
}
