import type { ShippingAddressInput } from '#shared/contracts/order.ts';
import { FormError, SubmitButton } from '#web/components/ui/form-feedback.tsx';
import {
  SHIPPING_ADDRESS_FIELDS,
  ShippingAddressFields,
} from '#web/components/ui/shipping-address-fields.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useIdempotencyKeys } from '#web/lib/idempotency-key.ts';
import { useServerForm } from '#web/lib/use-server-form.ts';
import { usePlaceOrder } from '../api/place-order';

interface PurchaseFormProps {
  partId: string;
  minimum: number;
  available: number;
  buyer: { name: string; email: string };
  /** Where the order goes first (the address book's default, else the profile's); the buyer may change it here. */
  address: ShippingAddressInput;
  /** The buyer's laptop (a model's slug), which the order line keeps. */
  laptop?: string;
  onOrdered: () => void;
}

/**
 * The purchase page's form: the buyer from the session, a quantity between the part's bounds, the
 * shipping address (the profile's, to check or fill in), BUY NOW.
 */
export function PurchaseForm({
  partId,
  minimum,
  available,
  buyer,
  address,
  laptop,
  onOrdered,
}: PurchaseFormProps) {
  const place = usePlaceOrder();
  const keys = useIdempotencyKeys();
  const { form, error, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/order.ts').then((contract) =>
        contract
          .boundedQuantitySchema(minimum, available)
          .extend({ shippingAddress: contract.shippingAddressSchema }),
      ),
    defaultValues: { quantity: String(minimum), shippingAddress: address },
    fields: ['quantity', ...SHIPPING_ADDRESS_FIELDS],
    send: async ({ quantity, shippingAddress }) => {
      await keys.run((idempotencyKey) =>
        place.mutateAsync({
          input: { partId, quantity, shippingAddress, ...(laptop && { laptop }) },
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
        <fieldset className="flex flex-col gap-3" disabled={soldOut}>
          <legend className="mb-2 font-semibold">Shipping address</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <ShippingAddressFields
              field={field}
              country={form.watch('shippingAddress.country') ?? ''}
              nameLabel="Recipient"
            />
          </div>
          <p className="text-sm opacity-80">
            It goes by the cheapest shipping method to that country; the order shows its shipping and tax
            before you pay. To choose another method or use a discount code, add the part to your cart.
          </p>
        </fieldset>
        <FormError message={error} errors={form.formState.errors} />
        {soldOut ? <p className="font-semibold">This part is out of stock right now.</p> : null}
        <SubmitButton pending={form.formState.isSubmitting} disabled={soldOut}>
          BUY NOW
        </SubmitButton>
      </div>
    </form>
  );
}
