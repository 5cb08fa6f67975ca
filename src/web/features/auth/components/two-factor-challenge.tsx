import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/error-message';
import { formResolver } from '../../../lib/form-resolver';
import { type SecondFactor, useVerifyTwoFactor } from '../api/verify-two-factor';

/** The second step of a sign-in for accounts with two-factor authentication. */
export function TwoFactorChallenge({ onVerified }: { onVerified: () => void }) {
  const [kind, setKind] = useState<SecondFactor>('totp');
  return kind === 'totp' ? (
    <CodeForm
      key="totp"
      kind="totp"
      label="Authentication code"
      hint="Open your authenticator app and enter the 6-digit code for Reliable Tech Parts."
      onVerified={onVerified}
      onSwitch={() => setKind('backup-code')}
      switchLabel="Use a backup code instead"
    />
  ) : (
    <CodeForm
      key="backup"
      kind="backup-code"
      label="Backup code"
      hint="Each backup code works once."
      onVerified={onVerified}
      onSwitch={() => setKind('totp')}
      switchLabel="Use the authenticator app instead"
    />
  );
}

interface CodeFormProps {
  kind: SecondFactor;
  label: string;
  hint: string;
  switchLabel: string;
  onSwitch: () => void;
  onVerified: () => void;
}

function CodeForm({ kind, label, hint, switchLabel, onSwitch, onVerified }: CodeFormProps) {
  const form = useForm<{ code: string }>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/auth').then((contract) =>
        kind === 'totp' ? contract.totpCodeSchema : contract.backupCodeSchema,
      ),
    ),
    defaultValues: { code: '' },
  });
  const verify = useVerifyTwoFactor();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await verify.mutateAsync({ kind, code });
      onVerified();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm">{hint}</p>
      <TextField
        label={label}
        autoComplete="one-time-code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoFocus
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <FormError message={error} errors={form.formState.errors} />
      <SubmitButton className="w-full" pending={verify.isPending}>
        Verify
      </SubmitButton>
      <button type="button" className="btn btn-link btn-sm" onClick={onSwitch}>
        {switchLabel}
      </button>
    </form>
  );
}
