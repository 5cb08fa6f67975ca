import { useState } from 'react';
import { SHOP_NAME } from '#shared/shop.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { type SecondFactor, useVerifyTwoFactor } from '../api/verify-two-factor';

/** What each way of answering asks for, and the way to switch to the other. */
const FACTORS = {
  totp: {
    label: 'Authentication code',
    hint: `Open your authenticator app and enter the 6-digit code for ${SHOP_NAME}.`,
    other: 'backup-code',
    switchLabel: 'Use a backup code instead',
  },
  'backup-code': {
    label: 'Backup code',
    hint: 'Each backup code works once.',
    other: 'totp',
    switchLabel: 'Use the authenticator app instead',
  },
} as const satisfies Record<
  SecondFactor,
  { label: string; hint: string; other: SecondFactor; switchLabel: string }
>;

/** The second step of a sign-in for accounts with two-factor authentication. */
export function TwoFactorChallenge({ onVerified }: { onVerified: () => void }) {
  const [kind, setKind] = useState<SecondFactor>('totp');
  const { other, ...texts } = FACTORS[kind];
  // Keyed by kind: switching starts a fresh form.
  return (
    <CodeForm key={kind} kind={kind} {...texts} onVerified={onVerified} onSwitch={() => setKind(other)} />
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
  const verify = useVerifyTwoFactor();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/auth.ts').then((contract) =>
        kind === 'totp' ? contract.totpCodeSchema : contract.backupCodeSchema,
      ),
    defaultValues: { code: '' },
    fields: ['code'],
    send: async ({ code }) => {
      await verify.mutateAsync({ kind, code });
      onVerified();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <p className="text-sm">{hint}</p>
      <TextField
        label={label}
        autoComplete="one-time-code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoFocus
        {...field('code')}
      />
      <FormEnd form={form} error={error} buttonClassName="w-full">
        Verify
      </FormEnd>
      <button type="button" className="btn btn-link btn-sm" onClick={onSwitch}>
        {switchLabel}
      </button>
    </form>
  );
}
