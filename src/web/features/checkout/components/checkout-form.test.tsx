import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contracts/order.ts';
import { CheckoutForm } from './checkout-form';

/** What the shop answers each POST /api/checkout, in turn: a status and body, or a lost connection. */
let answers: ({ status: number; body: unknown } | 'network')[];
let sent: { key: string | undefined; body: unknown }[];
const order = { _id: 'order-1', number: 'RTP-100001' } as Order;

/** The network edge: POST /api/checkout as the shop answers it (and whatever else, as nothing). */
const METHODS = [
  { id: 'standard', name: 'Standard', priceCents: 499, days: '3–5 business days' },
  { id: 'express', name: 'Express', priceCents: 1499, days: '1–2 business days' },
];

function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).startsWith('/api/shipping-methods?country=')) return Response.json(METHODS);
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
  location: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
  phone: '+1 503 555 0199',
};
const saved = [
  { ...address, id: 'home', name: 'Carla at Home', isDefault: true },
  {
    ...address,
    id: 'work',
    name: 'Carla at Work',
    country: 'GB',
    region: '',
    postalCode: 'SW1A 1AA',
    isDefault: false,
  },
];
let onPlaced: ReturnType<typeof vi.fn<(placed: { order: Order; orderUrl?: string }) => void>>;
let onDestinationChange: ReturnType<typeof vi.fn<(where: object) => void>>;

function renderForm(book: typeof saved = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckoutForm
          saved={book}
          defaults={address}
          onDestinationChange={onDestinationChange}
          onPlaced={onPlaced}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answers = [];
  sent = [];
  onPlaced = vi.fn<(placed: { order: Order; orderUrl?: string }) => void>();
  onDestinationChange = vi.fn<(where: object) => void>();
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

/** Places the order once the methods for the country are shown (the cheapest is chosen). */
const placeOrder = async () => {
  await screen.findByRole('radio', { name: /Standard/ });
  await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
};

describe('CheckoutForm, with an empty address book', () => {
  beforeEach(() => renderForm());

  it('sends the address it was given, kept in the address book, by the cheapest method', async () => {
    expect(screen.getByLabelText('Name')).toHaveValue('Carla Cart');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 503 555 0199');
    expect(screen.getByRole('checkbox', { name: 'Save this address in my address book' })).toBeChecked();
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalledWith({ order }));
    expect(sent).toEqual([
      {
        key: expect.any(String),
        body: { shippingAddress: address, save: true, shippingMethodId: 'standard' },
      },
    ]);
    expect(sent[0]!.key!.length).toBeGreaterThanOrEqual(8);
    expect(onDestinationChange).toHaveBeenLastCalledWith({
      country: 'US',
      region: 'OR',
      shippingMethodId: 'standard',
      shippingMethod: 'Standard',
    });
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

describe('CheckoutForm, with saved addresses', () => {
  beforeEach(() => renderForm(saved));

  it('ships to the default address by its id, by the method chosen, and prices the summary for it', async () => {
    expect(screen.getByRole('radio', { name: /Carla at Home/ })).toBeChecked();
    expect(screen.queryByLabelText('Address')).toBeNull();
    await userEvent.click(await screen.findByRole('radio', { name: /Express/ }));
    await vi.waitFor(() =>
      expect(onDestinationChange).toHaveBeenLastCalledWith({
        country: 'US',
        region: 'OR',
        shippingMethodId: 'express',
        shippingMethod: 'Express',
      }),
    );
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent.map((request) => request.body)).toEqual([{ addressId: 'home', shippingMethodId: 'express' }]);
  });

  it('offers a new address instead, not kept unless asked', async () => {
    await userEvent.click(screen.getByRole('radio', { name: 'A new address' }));
    expect(screen.getByRole('checkbox', { name: 'Save this address in my address book' })).not.toBeChecked();
    await placeOrder();
    await vi.waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(sent.map((request) => request.body)).toEqual([
      { shippingAddress: address, save: false, shippingMethodId: 'standard' },
    ]);
  });
});
