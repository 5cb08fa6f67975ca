import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../shared/contracts/order';
import { CheckoutForm } from './checkout-form';

/** What the shop answers each POST /api/checkout, in turn: a status and body, or a lost connection. */
let answers: ({ status: number; body: unknown } | 'network')[];
let sent: { key: string | undefined; body: unknown }[];
const order = { _id: 'order-1', number: 'RTP-100001' } as Order;

/** The network edge: POST /api/checkout as the shop answers it (and whatever else, as nothing). */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== '/api/checkout') return Response.json({});
    const headers = init!.headers as Record<string, string>;
    sent.push({ key: headers['idempotency-key'], body: JSON.parse(String(init?.body)) });
    const answer = answers.shift() ?? { status: 201, body: { order } };
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return Response.json(answer.body, { status: answer.status });
  });
}

const address = {
  name: 'Carla Cart',
  address: '12 Circuit Lane',
  location: 'Portland, OR',
  phone: '+1 503 555 0199',
};
let onPlaced: ReturnType<typeof vi.fn<(order: Order) => void>>;

beforeEach(() => {
  answers = [];
  sent = [];
  onPlaced = vi.fn<(order: Order) => void>();
  fakeApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckoutForm defaults={address} onPlaced={onPlaced} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
});
afterEach(() => vi.restoreAllMocks());

const placeOrder = () => userEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('CheckoutForm', () => {
  it('sends the address it was given and goes on with the order placed', async () => {
    expect(screen.getByLabelText('Name')).toHaveValue('Carla Cart');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 503 555 0199');
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith(order));
    expect(sent).toEqual([{ key: expect.any(String), body: { shippingAddress: address } }]);
    expect(sent[0]!.key!.length).toBeGreaterThanOrEqual(8);
  });

  it('retries a press whose answer was lost under the same key, and takes a new key for the next one', async () => {
    answers = [
      'network',
      {
        status: 409,
        body: { error: { code: 'out_of_stock', message: 'Scarce Screen: Only 1 unit left in stock.' } },
      },
    ];
    await placeOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the shop. Check your connection and try again. Trying again will not order twice.',
    );
    await placeOrder();
    const refusal = await screen.findByText('Scarce Screen: Only 1 unit left in stock.');
    expect(
      within(refusal.closest('[role="alert"]') as HTMLElement).getByRole('link', {
        name: 'Back to your cart',
      }),
    ).toHaveAttribute('href', '/cart');
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    const [first, retry, next] = sent.map((request) => request.key);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('shows the shop’s field messages under their fields, and the limit of unpaid orders with a way out', async () => {
    answers = [
      {
        status: 400,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Phone needs at least 7 digits',
            fields: { 'shippingAddress.phone': 'Phone needs at least 7 digits' },
          },
        },
      },
      {
        status: 429,
        body: {
          error: {
            code: 'too_many_unpaid_orders',
            message: 'You have 5 unpaid orders: pay or remove one first',
          },
        },
      },
    ];
    await placeOrder();
    expect(await screen.findByText('Phone needs at least 7 digits')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    await placeOrder();
    const limit = await screen.findByRole('alert');
    expect(limit).toHaveTextContent('You have 5 unpaid orders: pay or remove one first');
    expect(within(limit).getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/order',
    );
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('checks the address before sending it', async () => {
    await userEvent.clear(screen.getByLabelText('Address'));
    await placeOrder();
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
