import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import { productPagePath } from '#shared/pages.ts';
import { errorMessage } from '#web/lib/error-message.ts';
import type { CartItem } from '../api/cart';
import { useSetCartItem } from '../api/set-cart-item';
import { checkQuantity, lineProblem, NO_LONGER_AVAILABLE } from '../cart-quantity';

interface CartLineProps {
  item: CartItem;
  removing: boolean;
  onRemove: (item: CartItem) => void;
}

/**
 * One line of the cart: the part (its name leads to its page), unit price, a quantity to change
 * (typed and sent on Enter or on leaving the box, or one step at a time with − and +), line total,
 * Remove. A quantity the part does not allow is explained under the box and not sent.
 */
export function CartLine({ item, removing, onRemove }: CartLineProps) {
  const id = useId();
  const setItem = useSetCartItem();
  const [text, setText] = useState(String(item.quantity));
  const [error, setError] = useState<string | null>(null);

  // The cart may change elsewhere (another tab, a refetch): show its quantity unless one is typed.
  useEffect(() => {
    setText(String(item.quantity));
  }, [item.quantity]);

  const send = (quantity: number) => {
    setText(String(quantity));
    if (quantity === item.quantity) return;
    setItem.mutate(
      { partId: item.partId, quantity },
      {
        onSuccess: () => setError(null),
        onError: (failure) => {
          setError(errorMessage(failure));
          setText(String(item.quantity));
        },
      },
    );
  };

  const commit = (typed: string) => {
    const checked = checkQuantity(typed, item);
    setError(checked.error ?? null);
    if (checked.quantity !== undefined) send(checked.quantity);
  };

  const step = (by: number) => {
    const current = checkQuantity(text, item).quantity ?? item.quantity;
    const next = Math.min(Math.max(current + by, item.minimumQuantity), item.availableQuantity);
    setError(null);
    send(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit(text);
  };

  const problem = error ?? lineProblem(item);
  const noteId = `${id}-note`;

  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <img
        src={item.img}
        alt=""
        width="80"
        height="80"
        className="h-16 w-16 rounded bg-base-200 object-contain sm:h-20 sm:w-20"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={productPagePath(item.partId)} className="link font-semibold break-words">
          {item.name}
        </Link>
        <p className="text-sm">
          <span className="opacity-80">Unit price </span>
          {formatDollars(item.priceCents)}
        </p>
        <p className="text-sm">
          <span className="opacity-80">Line total </span>
          <span className="font-semibold">{formatDollars(item.lineTotalCents)}</span>
        </p>
      </div>
      <div className="col-span-2 flex flex-col gap-2 sm:col-span-1 sm:items-end">
        <form noValidate onSubmit={submit} className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Quantity<span className="sr-only"> of {item.name}</span>
          </label>
          <div className="join">
            <button
              type="button"
              className="btn join-item btn-square"
              aria-label={`One less ${item.name}`}
              disabled={item.quantity <= item.minimumQuantity}
              onClick={() => step(-1)}
            >
              −
            </button>
            <input
              id={id}
              inputMode="numeric"
              autoComplete="off"
              className={`input join-item w-20 text-center ${problem ? 'input-error' : ''}`}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={noteId}
              onChange={(event) => setText(event.currentTarget.value)}
              onBlur={() => {
                if (text.trim() !== String(item.quantity)) commit(text);
              }}
            />
            <button
              type="button"
              className="btn join-item btn-square"
              aria-label={`One more ${item.name}`}
              disabled={item.quantity >= item.availableQuantity}
              onClick={() => step(1)}
            >
              +
            </button>
          </div>
          <p
            id={noteId}
            aria-live="polite"
            className={`max-w-56 text-sm ${problem ? 'text-red-700' : 'opacity-80'}`}
          >
            {problem ?? `Between ${item.minimumQuantity} and ${item.availableQuantity}.`}
          </p>
        </form>
        <button
          type="button"
          className="btn btn-sm btn-outline btn-danger self-start sm:self-end"
          aria-label={`Remove ${item.name} from the cart`}
          disabled={removing}
          onClick={() => onRemove(item)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * A line whose part has left the shop (an admin removed it): its picture and name, "No longer
 * available" and Remove. Nothing to change, no price (it cannot be bought) and no link (its page is gone).
 */
export function UnavailableCartLine({ item, removing, onRemove }: CartLineProps) {
  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-3 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <img
        src={item.img}
        alt=""
        width="80"
        height="80"
        className="h-16 w-16 rounded bg-base-200 object-contain opacity-60 sm:h-20 sm:w-20"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold break-words">{item.name}</p>
        <p className="font-semibold text-red-700">{NO_LONGER_AVAILABLE}</p>
        <p className="text-sm opacity-80">The shop no longer sells this part. Remove it to check out.</p>
      </div>
      <div className="col-span-2 flex flex-col gap-2 sm:col-span-1 sm:items-end">
        <button
          type="button"
          className="btn btn-sm btn-outline btn-danger self-start sm:self-end"
          aria-label={`Remove ${item.name} from the cart`}
          disabled={removing}
          onClick={() => onRemove(item)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
