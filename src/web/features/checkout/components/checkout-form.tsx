import type { Order, ShippingAddressInput } from '../../../../shared/contracts/order';
import { FormError, SubmitButton } from '../../../components/ui/form-feedback';
import {
  SHIPPING_ADDRESS_FIELDS,
  ShippingAddressFields,
} from '../../../components/ui/shipping-address-fields';
import { useIdempotencyKeys } from '../../../lib/idempotency-key';
import { useServerForm } from '../../../lib/use-server-form';
import { useCheckout } from '../api/checkout';
import { CheckoutFailure } from './checkout-failure';

interface CheckoutFormProps {
  /** Where the order goes first (the profile's address). */
  defaults: ShippingAddressInput;
  /** The order was placed: pay for it next. */
  onPlaced: (order: Order) => void;
}

/**
 * The shipping address and Place order. One press places one order: the button waits for the answer,
 * and a retry after a lost answer is sent under the same Idempotency-Key (lib/idempotency-key.ts).
 */
export function CheckoutForm({ defaults, onPlaced }: CheckoutFormProps) {
  const place = useCheckout();
  const keys = useIdempotencyKeys();
  // Field problems go under their fields; anything else is said above the button.
  const { form, failure, onSubmit, field } = useServerForm({
    schema: () =>
      import('../../../../shared/contracts/order').then((contract) => contract.checkoutInputSchema),
    defaultValues: { shippingAddress: defaults },
    fields: SHIPPING_ADDRESS_FIELDS,
    send: async (input) => {
      const { order } = await keys.run((idempotencyKey) => place.mutateAsync({ input, idempotencyKey }));
      onPlaced(order);
    },
  });
  return (
    <form noValidate onSubmit={onSubmit} className="card bg-base-100 shadow">
      <div className="card-body gap-3">
        <h2 className="card-title">Shipping address</h2>
        <ShippingAddressFields field={field} />
        {failure ? (
          <CheckoutFailure error={failure} />
        ) : (
          <FormError message={null} errors={form.formState.errors} />
        )}
        <SubmitButton pending={form.formState.isSubmitting}>Place order</SubmitButton>
      </div>
    </form>
  );
}
