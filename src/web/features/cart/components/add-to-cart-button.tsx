import type { PartToAdd } from '../add-to-cart';
import { type AddingFor, useAddToCart } from '../use-add-to-cart';

interface AddToCartButtonProps extends AddingFor {
  part: PartToAdd;
}

/** A part card's Add to cart: adds the part's minimum order (or that many more). */
export function AddToCartButton({ part, ...adding }: AddToCartButtonProps) {
  const { add, pending } = useAddToCart(adding);
  return (
    <button
      type="button"
      className="btn btn-outline btn-primary"
      aria-label={`Add to cart: ${part.name}`}
      disabled={pending}
      onClick={() => void add(part, part.minimumQuantity)}
    >
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      Add to cart
    </button>
  );
}
