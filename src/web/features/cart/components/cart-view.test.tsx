import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart, CartItem } from '#shared/contracts/cart.ts';
import { CartView } from './cart-view';

const line = (item: Partial<CartItem> & Pick<CartItem, 'partId' | 'name' | 'priceCents' | 'quantity'>) => {
  const available = item.available ?? true;
  const lineTotalCents = available ? item.priceCents * item.quantity : 0;
  return {
    img: '/images/parts/hinge-set.webp',
    price: item.priceCents / 100,
    lineTotal: lineTotalCents / 100,
    lineTotalCents,
    minquantity: 1,
    avaquantity: 10,
    available,
    forLaptop: null,
    ...item,
  } satisfies CartItem;
};
const fan = line({ partId: 'fan', name: 'Cooling Fan', priceCents: 1250, quantity: 2 });
const gone = line({
  partId: 'gone',
  name: 'Retired Battery',
  priceCents: 5999,
  quantity: 1,
  available: false,
});
const cartOf = (items: CartItem[]): Cart => {
  const totalCents = items.reduce((sum, item) => sum + item.lineTotalCents, 0);
  const count = items.reduce((sum, item) => sum + (item.available ? item.quantity : 0), 0);
  return {
    items,
    subtotalCents: totalCents,
    subtotal: totalCents / 100,
    discountCents: 0,
    discount: 0,
    discountCode: null,
    shippingCents: null,
    shipping: null,
    taxCents: null,
    tax: null,
    pricesIncludeTax: false,
    totalCents,
    total: totalCents / 100,
    count,
  };
};

/** The cart as the shop holds it, and the calls the page made. */
let held: CartItem[];
let calls: string[];

/** The network edge: the cart's GET and DELETE, as the shop answers them. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    calls.push(`${method} ${path}`);
    const removed = /^\/api\/cart\/items\/(.+)$/.exec(path);
    if (method === 'DELETE' && removed) held = held.filter((item) => item.partId !== removed[1]);
    return Response.json(cartOf(held));
  });
}

beforeEach(() => {
  held = [fan, gone];
  calls = [];
  fakeApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
});
afterEach(() => vi.restoreAllMocks());

describe('CartView with a part that left the shop', () => {
  it('shows the line as no longer available, with Remove, outside the total, and holds Checkout back', async () => {
    const lines = within(await screen.findByRole('list', { name: 'Parts in your cart' })).getAllByRole(
      'listitem',
    );
    expect(lines).toHaveLength(2);
    const goneLine = lines[1]!;
    expect(goneLine).toHaveTextContent('Retired Battery');
    expect(within(goneLine).getByText('No longer available')).toBeInTheDocument();
    // Nothing to change or follow: no quantity, no price, no link to a page that is gone.
    expect(within(goneLine).queryByRole('textbox')).toBeNull();
    expect(within(goneLine).queryByRole('link')).toBeNull();
    expect(goneLine).not.toHaveTextContent('$59.99');
    expect(
      within(goneLine).getByRole('button', { name: 'Remove Retired Battery from the cart' }),
    ).toBeEnabled();

    expect(screen.getByText(/^Total \(2 items\)/)).toHaveTextContent('$25.00');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
    expect(screen.getByText(/cannot be ordered as they are/)).toBeInTheDocument();
  });

  it('removes the line, without offering to put it back, and lets the rest check out', async () => {
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Retired Battery from the cart' }),
    );
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Removed Retired Battery from your cart.');
    await vi.waitFor(() => expect(note).toHaveFocus());
    expect(calls).toContain('DELETE /api/cart/items/gone');
    expect(screen.queryByText('No longer available')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });
});
