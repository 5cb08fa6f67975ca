import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import { TextField } from '../../../components/ui/text-field';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useServerForm } from '../../../lib/use-server-form';
import { usePlaceOrder } from '../api/place-order';

interface PurchaseFormProps {
  partId: string;
  minimum: number;
  available: number;
  buyer: { name: string; email: string };
  /** The buyer's laptop (a model's slug), which the order line keeps. */
  laptop?: string;
  onOrdered: () => void;
}

/** The purchase page's form: the buyer from the session, a quantity between the part's bounds, BUY NOW. */
export function PurchaseForm({ partId, minimum, available, buyer, laptop, onOrdered }: PurchaseFormProps) {
  const place = usePlaceOrder();
  const keys = useIdempotencyKeys();
  const { form, error, onSubmit } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/order').then((contract) =>
        contract.boundedQuantitySchema(minimum, available),
      ),
    defaultValues: { quantity: String(minimum) },
    fields: ['quantity'],
    send: async ({ quantity }) => {
      await keys.run((idempotencyKey) =>
        place.mutateAsync({
          input: { purchaseId: partId, quantity, ...(laptop && { laptop }) },
          idempotencyKey,
        }),
      );
      onOrdered();
    },
  });
  const soldOut = available < minimum;

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
        <SubmitButton pending={form.formState.isSubmitting} disabled={soldOut}>
          BUY NOW
        </SubmitButton>
      </div>
    </form>
  );
}
