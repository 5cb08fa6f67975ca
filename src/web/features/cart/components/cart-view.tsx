import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import { FormError } from '#web/components/ui/form-feedback.tsx';
import { errorMessage } from '#web/lib/error-message.ts';
import type { CartItem } from '../api/cart';
import { useRemoveCartItem } from '../api/remove-cart-item';
import { useSetCartItem } from '../api/set-cart-item';
import { itemCount, lineProblem } from '../cart-quantity';
import { CartLine, UnavailableCartLine } from './cart-line';
import { CartQueryView, EmptyCart } from './cart-query-view';
import { DiscountCodeForm } from './discount-code-form';

/**
 * The cart: its lines, the total and Checkout; an empty cart leads to the parts. Remove acts at once
 * (a cart line is easy to put back) and offers Undo until the next removal. A line whose part left the
 * shop says "No longer available" and offers only Remove (no Undo); it is out of the total (the server
 * leaves it out) and holds Checkout back until it is removed, as any line that cannot be ordered does.
 */
export function CartView() {
  const remove = useRemoveCartItem();
  const restore = useSetCartItem();
  const [removed, setRemoved] = useState<CartItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const removedNote = useRef<HTMLDivElement>(null);

  // Focus was on the Remove button that just went: keep it nearby, on Undo (or on the note, when there
  // is nothing to undo).
  useEffect(() => {
    if (removed) (undoButton.current ?? removedNote.current)?.focus();
  }, [removed]);

  const removeLine = (item: CartItem) => {
    setError(null);
    remove.mutate(item.partId, {
      onSuccess: () => setRemoved(item),
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const undo = () => {
    if (!removed) return;
    setError(null);
    restore.mutate(
      { partId: removed.partId, quantity: removed.quantity },
      {
        onSuccess: () => setRemoved(null),
        onError: (failure) => setError(`${removed.name} could not be put back: ${errorMessage(failure)}`),
      },
    );
  };

  return (
    <CartQueryView>
      {({ items, count, totalCents, subtotalCents, discountCents, discountCode }) => {
        const blocked = items.some((item) => lineProblem(item) !== null);
        return (
          <div className="flex flex-col gap-4">
            {removed ? (
              <div
                ref={removedNote}
                role="status"
                tabIndex={-1}
                className="alert flex flex-wrap justify-between"
              >
                <p>Removed {removed.name} from your cart.</p>
                {/* A part the shop no longer sells cannot be put back. */}
                {removed.available ? (
                  <button
                    ref={undoButton}
                    type="button"
                    className="btn btn-sm"
                    disabled={restore.isPending}
                    onClick={undo}
                  >
                    Undo
                  </button>
                ) : null}
              </div>
            ) : null}
            <FormError message={error} />
            {items.length === 0 ? (
              <EmptyCart />
            ) : (
              <>
                <ul
                  aria-label="Parts in your cart"
                  className="divide-y divide-base-300 rounded-box bg-base-100 px-4 shadow"
                >
                  {items.map((item) => {
                    const Line = item.available ? CartLine : UnavailableCartLine;
                    return (
                      <Line
                        key={item.partId}
                        item={item}
                        removing={remove.isPending && remove.variables === item.partId}
                        onRemove={removeLine}
                      />
                    );
                  })}
                </ul>
                <div className="flex flex-col items-end gap-3">
                  <div className="w-full max-w-sm">
                    <DiscountCodeForm applied={discountCode} />
                  </div>
                  {discountCents > 0 ? (
                    <p className="text-sm">
                      Subtotal {formatDollars(subtotalCents)}, discount ({discountCode?.code}){' '}
                      {formatDollars(-discountCents)}
                    </p>
                  ) : null}
                  <p className="text-lg">
                    Total ({itemCount(count)}):{' '}
                    <span className="text-2xl font-bold">{formatDollars(totalCents)}</span>
                  </p>
                  <p className="text-sm opacity-80">Shipping and tax are calculated at checkout.</p>
                  {blocked ? (
                    <>
                      <p id="cart-blocked" className="text-sm text-red-700">
                        Some parts cannot be ordered as they are: change or remove them to check out.
                      </p>
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled
                        aria-describedby="cart-blocked"
                      >
                        Checkout
                      </button>
                    </>
                  ) : (
                    <Link to="/checkout" className="btn btn-primary">
                      Checkout
                    </Link>
                  )}
                </div>
              </>
            )}
          </div>
        );
      }}
    </CartQueryView>
  );
}
