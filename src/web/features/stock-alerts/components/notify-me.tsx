import { useState } from 'react';
import type { StockAlertAnswer } from '#shared/contracts/stock-alert.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import { useSession } from '#web/lib/session.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useAskForStockAlert, useCancelStockAlert, useMyStockAlert } from '../api/stock-alerts';

/**
 * "Notify me when it's back" on the page of a part that cannot be bought: one click for a customer,
 * an email address for a visitor (mailed a link to confirm first). Admins do not buy: nothing.
 */
export function NotifyMe({ partId }: { partId: string }) {
  const session = useSession();
  const user = session.data?.user;
  if (!session.data || user?.role === 'admin') return null;
  return user ? <CustomerNotifyMe partId={partId} /> : <VisitorNotifyMe partId={partId} />;
}

function Said({ answer }: { answer: StockAlertAnswer }) {
  return (
    <p role="status" className="text-sm">
      {answer.message}
    </p>
  );
}

function CustomerNotifyMe({ partId }: { partId: string }) {
  const mine = useMyStockAlert(partId, true);
  const ask = useAskForStockAlert(partId);
  const cancel = useCancelStockAlert(partId);
  const [error, setError] = useState<string | null>(null);
  if (mine.data?.subscribed)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm">
          {ask.data?.message ?? 'We will email you once, when it is back.'}
        </p>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          disabled={cancel.isPending}
          onClick={() => {
            ask.reset();
            cancel.mutate(undefined, { onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          Do not notify me
        </button>
      </div>
    );
  if (ask.data) return <Said answer={ask.data} />;
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        className="btn btn-primary"
        disabled={ask.isPending || mine.isPending}
        onClick={() => {
          setError(null);
          ask.mutate({}, { onError: (failure) => setError(errorMessage(failure)) });
        }}
      >
        Notify me when it's back
      </button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function VisitorNotifyMe({ partId }: { partId: string }) {
  const ask = useAskForStockAlert(partId);
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/stock-alert.ts').then((contract) => contract.stockAlertInputSchema),
    defaultValues: { email: '' },
    fields: ['email'],
    send: async (input) => {
      await ask.mutateAsync(input);
    },
  });
  if (ask.data) return <Said answer={ask.data} />;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex w-full max-w-sm flex-col gap-2"
      aria-label="Notify me"
    >
      <TextField label="Your email" type="email" autoComplete="email" {...field('email')} />
      <FormEnd form={form} error={error} buttonClassName="self-start">
        Notify me when it's back
      </FormEnd>
    </form>
  );
}
