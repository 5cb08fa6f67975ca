import { MAX_ORDER_QUANTITY, quantityOutOfBounds } from '#shared/order-quantity.ts';
import type { Stock } from '#web/lib/part.ts';

/** A part's bounds as the cart sees them: its minimum order and what is in stock now. */
export type Bounds = Stock;

export type QuantityCheck = { quantity: number; error?: undefined } | { error: string; quantity?: undefined };

const OUT_OF_STOCK = 'This part is out of stock.';

/**
 * A quantity typed for a part, checked as the server will check it (whole, at least the minimum, at
 * most the stock), with the server's words, so most mistakes are explained before anything is sent.
 */
export function checkQuantity(text: string, { minimumQuantity, availableQuantity }: Bounds): QuantityCheck {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { error: 'Enter a whole number' };
  const quantity = Number(trimmed);
  if (availableQuantity < minimumQuantity) return { error: OUT_OF_STOCK };
  if (quantity < minimumQuantity) return { error: quantityOutOfBounds.belowMinimum(minimumQuantity) };
  if (quantity > MAX_ORDER_QUANTITY) return { error: `Enter at most ${MAX_ORDER_QUANTITY}` };
  if (quantity > availableQuantity) return { error: quantityOutOfBounds.beyondStock(availableQuantity) };
  return { quantity };
}

export type AddOutcome =
  | { quantity: number; capped: boolean; error?: undefined }
  | { error: string; quantity?: undefined };

/**
 * What the cart line becomes when `adding` units are added to the `inCart` already there: the two
 * add up (adding is what shoppers mean by pressing Add to cart again), at least the part's minimum,
 * and at most its stock. Past the stock the line is set to all of it (`capped`), so the press is not
 * refused for asking one too many; when the cart already holds all of it there is nothing to add.
 */
export function quantityAfterAdding(inCart: number, adding: number, bounds: Bounds): AddOutcome {
  const { minimumQuantity, availableQuantity } = bounds;
  if (availableQuantity < minimumQuantity) return { error: OUT_OF_STOCK };
  if (inCart >= availableQuantity)
    return {
      error: `Your cart already holds all ${availableQuantity} ${availableQuantity === 1 ? 'unit' : 'units'} in stock.`,
    };
  const wanted = Math.max(inCart + adding, minimumQuantity);
  return wanted > availableQuantity
    ? { quantity: availableQuantity, capped: true }
    : { quantity: wanted, capped: false };
}

/** What a line whose part left the shop says about it. */
export const NO_LONGER_AVAILABLE = 'No longer available';

/**
 * Why a line cannot be ordered as it is (its part left the shop, or its stock or minimum changed since
 * it was added), or null.
 */
export function lineProblem(line: Bounds & { quantity: number; available?: boolean }): string | null {
  if (line.available === false) return `${NO_LONGER_AVAILABLE}. Remove it to check out.`;
  if (line.availableQuantity < line.minimumQuantity) return `${OUT_OF_STOCK} Remove it to check out.`;
  if (line.quantity > line.availableQuantity) return quantityOutOfBounds.beyondStock(line.availableQuantity);
  if (line.quantity < line.minimumQuantity) return quantityOutOfBounds.belowMinimum(line.minimumQuantity);
  return null;
}

/** "1 item", "3 items": units across lines. */
export const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
