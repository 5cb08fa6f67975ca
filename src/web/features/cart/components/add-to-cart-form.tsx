import { type FormEvent, useId, useState } from 'react';
import { SubmitButton } from '../../../components/ui/form-feedback';
import type { PartToAdd } from '../add-to-cart';
import { checkQuantity } from '../cart-quantity';
import { useAddToCart } from '../use-add-to-cart';

interface AddToCartFormProps {
  part: PartToAdd;
  signedIn: boolean | undefined;
}

/** The product page's Add to cart, with how many (the part's minimum to start with). */
export function AddToCartForm({ part, signedIn }: AddToCartFormProps) {
  const { add, pending } = useAddToCart(signedIn);
  const id = useId();
  const [text, setText] = useState(String(part.minquantity));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkQuantity(text, part);
    setError(checked.error ?? null);
    if (checked.quantity !== undefined) void add(part, checked.quantity);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Quantity
        </label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className={`input w-28 ${error ? 'input-error' : ''}`}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <SubmitButton className="btn-outline" pending={pending}>
        Add to cart
      </SubmitButton>
      <p
        id={`${id}-note`}
        aria-live="polite"
        className={`basis-full text-sm ${error ? 'text-red-700' : 'opacity-80'}`}
      >
        {error ?? `Between ${part.minquantity} and ${part.avaquantity}.`}
      </p>
    </form>
  );
}
