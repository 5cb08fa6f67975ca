import { Link } from 'react-router';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
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
        <TextField label="Name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          {...field('password')}
        />
        <FormError message={error} errors={form.formState.errors} />
        <SubmitButton className="w-full" pending={signUp.isPending}>
          Sign Up
        </SubmitButton>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="link link-primary font-semibold">
          Please login
        </Link>
      </p>
      <div className="divider my-0">OR</div>
      <GoogleButton returnTo="/" />
    </>
  );
}
