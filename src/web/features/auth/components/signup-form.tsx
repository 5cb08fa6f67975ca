import { Link } from 'react-router';
import { ContactField, PasswordField } from '../../../components/ui/contact-field';
import { FormEnd } from '../../../components/ui/form-feedback';
import { useServerForm } from '../../../lib/use-server-form';
import { useSignUp } from '../api/sign-up';
import { GoogleButton } from './google-button';

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('../../../../shared/contracts/auth').then((contract) => contract.signupInputSchema),
    defaultValues: { name: '', email: '', password: '' },
    fields: ['name', 'email', 'password'],
    send: async (input) => {
      await signUp.mutateAsync(input);
      onSignedUp();
    },
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
        <ContactField kind="name" {...field('name')} />
        <ContactField kind="email" {...field('email')} />
        <PasswordField label="Password" purpose="new" hint="At least 6 characters." {...field('password')} />
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
