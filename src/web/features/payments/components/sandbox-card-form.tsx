import { formatExpiry } from '#shared/card-expiry.ts';
import { FormEnd } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import type { CardFormProps } from './card-form-props';

/** The offline card form: Stripe's test cards behave as they do at Stripe. */
export function SandboxCardForm({
  clientSecret,
  token,
  amountLabel,
  disabled,
  onAttempt,
  onPaid,
}: CardFormProps) {
  const confirm = useConfirmSandboxPayment();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () => import('#shared/contracts/card.ts').then((contract) => contract.cardInputSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
    fields: ['cardNumber', 'expiry', 'cvc'],
    send: async (card) => {
      if (!clientSecret) return;
      const { paymentIntentId } = await confirm.mutateAsync({ ...card, clientSecret, token });
      await onPaid(paymentIntentId);
    },
  });
  const { errors } = form.formState;
  const expiry = form.register('expiry');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // A new attempt: what the page said about the last one goes, even if a field stops this one.
        onAttempt();
        return onSubmit(event);
      }}
      className="flex flex-col gap-3"
    >
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        {...field('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          maxLength={5}
          error={errors.expiry?.message}
          {...expiry}
          // Typed as digits, shown as MM/YY: 1230 reads 12/30.
          onChange={(event) => {
            event.target.value = formatExpiry(event.target.value);
            return expiry.onChange(event);
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          {...field('cvc')}
        />
      </div>
      <FormEnd form={form} error={error} disabled={!clientSecret || disabled}>
        Pay {amountLabel}
      </FormEnd>
      <p className="text-xs opacity-80">
        Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date.
      </p>
    </form>
  );
}
