import { useEffect, useState } from 'react';
import { SHOP_NAME } from '#shared/shop.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { PasswordField } from '#web/components/ui/contact-field.tsx';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { notify } from '#web/lib/notify.tsx';
import { useSession } from '#web/lib/session.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { type TwoFactorEnrolment, useDisableTwoFactor, useEnableTwoFactor } from '../api/two-factor-settings';
import { useVerifyTwoFactor } from '../api/verify-two-factor';

/** Optional TOTP two-factor sign-in: enrol with an authenticator app, keep backup codes, or turn it off. */
export function TwoFactorSettings() {
  const session = useSession();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const enabled = session.data?.user?.twoFactorEnabled === true;

  return (
    <CardSection headingId="two-factor-heading" title="Two-factor authentication" bodyClassName="gap-3">
      {enabled ? (
        <>
          <p>
            <span className="badge badge-success mr-2">On</span>
            Signing in asks for a code from your authenticator app.
          </p>
          <PasswordAction
            label="Turn off two-factor authentication"
            action="disable"
            onDone={() => setEnrolment(null)}
          />
        </>
      ) : enrolment ? (
        <ConfirmEnrolment enrolment={enrolment} onConfirmed={() => setEnrolment(null)} />
      ) : (
        <>
          <p>Protect your account with a code from an authenticator app each time you sign in.</p>
          <PasswordAction label="Set up two-factor authentication" action="enable" onDone={setEnrolment} />
        </>
      )}
    </CardSection>
  );
}

type PasswordActionProps =
  | { label: string; action: 'enable'; onDone: (enrolment: TwoFactorEnrolment) => void }
  | { label: string; action: 'disable'; onDone: () => void };

function PasswordAction(props: PasswordActionProps) {
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.currentPasswordSchema),
    defaultValues: { password: '' },
    fields: ['password'],
    send: async ({ password }) => {
      if (props.action === 'enable') return props.onDone(await enable.mutateAsync(password));
      await disable.mutateAsync(password);
      notify.success('Two-factor authentication is off.');
      props.onDone();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:max-w-sm">
      <PasswordField label="Your password" purpose="current" {...field('password')} />
      <FormEnd form={form} error={error} buttonClassName="btn-outline">
        {props.label}
      </FormEnd>
    </form>
  );
}

function ConfirmEnrolment({
  enrolment,
  onConfirmed,
}: {
  enrolment: TwoFactorEnrolment;
  onConfirmed: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/auth.ts').then((contract) => contract.totpCodeSchema),
    defaultValues: { code: '' },
    fields: ['code'],
    send: async ({ code }) => {
      await verify.mutateAsync({ kind: 'totp', code });
      notify.success('Two-factor authentication is on.');
      onConfirmed();
    },
  });
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';

  return (
    <div className="flex flex-col gap-3">
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          Scan this code with your authenticator app:
          <SetupQrCode uri={enrolment.totpURI} />
          Or add an account with this setup key:{' '}
          <code className="break-all rounded bg-base-200 px-1" data-testid="totp-secret">
            {secret}
          </code>{' '}
          (or open{' '}
          <a className="link break-all" href={enrolment.totpURI}>
            this setup link
          </a>{' '}
          on your phone).
        </li>
        <li>
          Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone:
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
            {enrolment.backupCodes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
          <BackupCodeActions codes={enrolment.backupCodes} />
        </li>
        <li>Enter the code the app shows to finish.</li>
      </ol>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 sm:max-w-sm">
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...field('code')}
        />
        <FormEnd form={form} error={error}>
          Turn on two-factor authentication
        </FormEnd>
      </form>
    </div>
  );
}

/** The setup link as a QR code, drawn in the browser (the library loads only for those setting up). */
function SetupQrCode({ uri }: { uri: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((drawn) => {
        if (current) setSvg(drawn);
      });
    return () => {
      current = false;
    };
  }, [uri]);
  const size = 'my-2 block size-44';
  return svg ? (
    <img
      className={`${size} rounded bg-white`}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code of the setup key for your authenticator app"
    />
  ) : (
    <span className={`${size} skeleton`} aria-hidden="true" />
  );
}

/** Backup codes kept outside the page: copied, or saved as a text file. */
function BackupCodeActions({ codes }: { codes: string[] }) {
  const text = `${SHOP_NAME} backup codes (each signs you in once):\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => notify.success('Backup codes copied.'),
      () => notify.error('Your browser did not allow copying: download the codes or write them down.'),
    );
  const download = () => {
    const address = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = address;
    link.download = 'reliable-tech-parts-backup-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(address), 1000);
  };
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className="btn btn-sm btn-outline" onClick={() => void copy()}>
        Copy backup codes
      </button>
      <button type="button" className="btn btn-sm btn-outline" onClick={download}>
        Download backup codes
      </button>
    </div>
  );
}
