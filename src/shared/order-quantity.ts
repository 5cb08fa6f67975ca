/**
 * How many units one order line may hold, and what is said about a quantity outside a part's bounds:
 * the same words in the browser's forms and from the server. Free of zod (contracts/order.ts uses
 * these), so the cart and the catalogue's Add to cart never load it.
 */
export const MAX_ORDER_QUANTITY = 10_000;

const unitWord = (count: number) => (count === 1 ? 'unit' : 'units');

export const quantityOutOfBounds = {
  belowMinimum: (minimum: number) => `Order at least ${minimum} ${unitWord(minimum)}.`,
  beyondStock: (left: number) => `Only ${left} ${unitWord(left)} left in stock.`,
};
