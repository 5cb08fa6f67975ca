import { describe, expect, it } from 'vitest';
import { checkQuantity, itemCount, lineProblem, quantityAfterAdding } from './cart-quantity';

const battery = { minimumQuantity: 2, availableQuantity: 10 };

describe('checkQuantity', () => {
  it('takes a whole number within the part’s bounds', () => {
    expect(checkQuantity(' 4 ', battery)).toEqual({ quantity: 4 });
    expect(checkQuantity('2', battery)).toEqual({ quantity: 2 });
    expect(checkQuantity('10', battery)).toEqual({ quantity: 10 });
  });

  it('explains anything else in the server’s words', () => {
    expect(checkQuantity('', battery)).toEqual({ error: 'Enter a whole number' });
    expect(checkQuantity('2.5', battery)).toEqual({ error: 'Enter a whole number' });
    expect(checkQuantity('-1', battery)).toEqual({ error: 'Enter a whole number' });
    expect(checkQuantity('1', battery)).toEqual({ error: 'Order at least 2 units.' });
    expect(checkQuantity('11', battery)).toEqual({ error: 'Only 10 units left in stock.' });
    expect(checkQuantity('5', { minimumQuantity: 1, availableQuantity: 1 })).toEqual({
      error: 'Only 1 unit left in stock.',
    });
    expect(checkQuantity('99999', { minimumQuantity: 1, availableQuantity: 100_000 })).toEqual({
      error: 'Enter at most 10000',
    });
    expect(checkQuantity('2', { minimumQuantity: 2, availableQuantity: 1 })).toEqual({
      error: 'This part is out of stock.',
    });
  });
});

describe('quantityAfterAdding', () => {
  it('adds to what the cart holds', () => {
    expect(quantityAfterAdding(0, 2, battery)).toEqual({ quantity: 2, capped: false });
    expect(quantityAfterAdding(3, 2, battery)).toEqual({ quantity: 5, capped: false });
  });

  it('never goes below the minimum', () => {
    expect(quantityAfterAdding(0, 1, battery)).toEqual({ quantity: 2, capped: false });
  });

  it('stops at the stock, saying so, and refuses when the cart holds it all', () => {
    expect(quantityAfterAdding(9, 2, battery)).toEqual({ quantity: 10, capped: true });
    expect(quantityAfterAdding(10, 2, battery)).toEqual({
      error: 'Your cart already holds all 10 units in stock.',
    });
    expect(quantityAfterAdding(0, 2, { minimumQuantity: 3, availableQuantity: 2 })).toEqual({
      error: 'This part is out of stock.',
    });
  });
});

describe('lineProblem', () => {
  it('is null for a line that can be ordered', () => {
    expect(lineProblem({ ...battery, quantity: 4 })).toBeNull();
    expect(lineProblem({ ...battery, quantity: 4, available: true })).toBeNull();
  });

  it('names what changed since the line was added', () => {
    expect(lineProblem({ minimumQuantity: 2, availableQuantity: 3, quantity: 4 })).toBe(
      'Only 3 units left in stock.',
    );
    expect(lineProblem({ minimumQuantity: 5, availableQuantity: 30, quantity: 4 })).toBe(
      'Order at least 5 units.',
    );
    expect(lineProblem({ minimumQuantity: 2, availableQuantity: 0, quantity: 4 })).toBe(
      'This part is out of stock. Remove it to check out.',
    );
    expect(lineProblem({ ...battery, quantity: 4, available: false })).toBe(
      'No longer available. Remove it to check out.',
    );
  });
});

it('counts items', () => {
  expect(itemCount(1)).toBe('1 item');
  expect(itemCount(3)).toBe('3 items');
});
