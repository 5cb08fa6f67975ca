import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { CardInput, cardInputSchema } from '../../../../shared/contracts/card';
import { FormError } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { formResolver } from '../../../lib/form-resolver';
import { useConfirmSandboxPayment } from '../api/confirm-sandbox-payment';
import type { CardFormProps } from './card-form-props';

/** The offline card form: Stripe's test cards behave as they do at Stripe. */
export function SandboxCardForm({ clientSecret, amountLabel, disabled, onPaid }: CardFormProps) {
  const form = useForm<CardInput, unknown, z.output<typeof cardInputSchema>>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/card').then((contract) => contract.cardInputSchema),
    ),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const confirm = useConfirmSandboxPayment();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (card) => {
    if (!clientSecret) return;
    setError(null);
    setPaying(true);
    try {
      const { paymentIntentId } = await confirm.mutateAsync({ ...card, clientSecret });
      await onPaid(paymentIntentId);
    } catch (failure) {
      setError(applyServerErrors(failure, ['cardNumber', 'expiry', 'cvc'], form.setError));
    } finally {
      setPaying(false);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        error={errors.cardNumber?.message}
        {...form.register('cardNumber')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          error={errors.expiry?.message}
          {...form.register('expiry')}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...form.register('cvc')}
        />
      </div>
      <FormError message={error} errors={form.formState.errors} />
      <button type="submit" className="btn btn-primary" disabled={!clientSecret || disabled || paying}>
        {paying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Pay {amountLabel}
      </button>
      <p className="text-xs opacity-80">
        Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date.
      </p>
    </form>
  );
}
