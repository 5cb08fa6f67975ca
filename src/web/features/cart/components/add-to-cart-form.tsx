import { SubmitButton } from '#web/components/ui/form-feedback.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useServerForm } from '#web/lib/use-server-form.ts';
import type { PartToAdd } from '../add-to-cart';
import { type AddingFor, useAddToCart } from '../use-add-to-cart';

interface AddToCartFormProps extends AddingFor {
  part: PartToAdd;
}

/**
 * The product page's Add to cart, with how many (the part's minimum to start with), checked against
 * the part's bounds as the purchase form is; how the adding went is said by add-to-cart.ts.
 */
export function AddToCartForm({ part, ...adding }: AddToCartFormProps) {
  const { add } = useAddToCart(adding);
  const { form, onSubmit, field } = useServerForm({
    schema: () =>
      import('#shared/contracts/order.ts').then((contract) =>
        contract.boundedQuantitySchema(part.minimumQuantity, part.availableQuantity),
      ),
    defaultValues: { quantity: String(part.minimumQuantity) },
    fields: ['quantity'],
    send: ({ quantity }) => add(part, quantity),
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      <TextField
        label="Quantity"
        inputMode="numeric"
        autoComplete="off"
        className="w-40"
        hint={`Between ${part.minimumQuantity} and ${part.availableQuantity}.`}
        {...field('quantity')}
      />
      <SubmitButton className="btn-outline mt-6" pending={form.formState.isSubmitting}>
        Add to cart
      </SubmitButton>
    </form>
  );
}
