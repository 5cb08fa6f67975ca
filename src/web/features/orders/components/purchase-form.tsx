import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormError } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/apply-server-errors';
import { formResolver } from '../../../lib/form-resolver';
import { usePlaceOrder } from '../api/place-order';

interface PurchaseFormProps {
  partId: string;
  minimum: number;
  available: number;
  buyer: { name: string; email: string };
  onOrdered: () => void;
}

/** The purchase page's form: the buyer from the session, a quantity between the part's bounds, BUY NOW. */
export function PurchaseForm({ partId, minimum, available, buyer, onOrdered }: PurchaseFormProps) {
  const form = useForm<{ quantity: unknown }, unknown, { quantity: number }>({
    resolver: formResolver(() =>
      import('../../../../shared/contracts/order').then((contract) =>
        contract.boundedQuantitySchema(minimum, available),
      ),
    ),
    defaultValues: { quantity: String(minimum) },
  });
  const place = usePlaceOrder();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<string | null>(null);
  const soldOut = available < minimum;

  const onSubmit = form.handleSubmit(async ({ quantity }) => {
    setError(null);
    try {
      await place.mutateAsync({ input: { purchaseId: partId, quantity }, idempotencyKey });
      setIdempotencyKey(crypto.randomUUID());
      onOrdered();
    } catch (failure) {
      setError(applyServerErrors(failure, ['quantity'], form.setError));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 className="card-title">Your order</h2>
        <TextField label="Name" value={buyer.name} disabled readOnly />
        <TextField label="Email" type="email" value={buyer.email} disabled readOnly />
        <TextField
          label="Quantity"
          inputMode="numeric"
          hint={`Between ${minimum} and ${available}.`}
          error={form.formState.errors.quantity?.message}
          disabled={soldOut}
          {...form.register('quantity')}
        />
        <FormError message={error} errors={form.formState.errors} />
        {soldOut ? <p className="font-semibold">This part is out of stock right now.</p> : null}
        <button type="submit" className="btn btn-primary" disabled={place.isPending || soldOut}>
          {place.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : null}
          BUY NOW
        </button>
      </div>
    </form>
  );
}
