import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PurchaseForm } from './purchase-form';

/** What the shop answers each POST /api/purchase, in turn; then success. */
let answers: ('network' | 503)[];
let keys: (string | undefined)[];
let onOrdered: ReturnType<typeof vi.fn<() => void>>;
/** The bodies BUY NOW sent. */
let bodies: unknown[];

const ADDRESS = {
  name: 'Bea Buyer',
  address: '1 Main St',
  location: 'Oslo',
  region: '',
  postalCode: '',
  country: 'NO',
  phone: '+47 555 12345',
};

function renderForm(address: typeof ADDRESS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PurchaseForm
        partId="part-1"
        minimum={1}
        available={5}
        buyer={{ name: 'Bea Buyer', email: 'bea@example.com' }}
        address={address}
        onOrdered={onOrdered}
      />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answers = [];
  keys = [];
  bodies = [];
  onOrdered = vi.fn<() => void>();
  // The network edge: BUY NOW's POST /api/purchase.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) !== '/api/purchase') return Response.json({});
    keys.push((init!.headers as Record<string, string>)['idempotency-key']);
    bodies.push(JSON.parse(String(init!.body)));
    const answer = answers.shift();
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 503)
      return Response.json({ error: { code: 'unavailable', message: 'The shop is busy.' } }, { status: 503 });
    return Response.json({ success: true, order: {} }, { status: 201 });
  });
});
afterEach(() => vi.restoreAllMocks());

const buyNow = () => userEvent.click(screen.getByRole('button', { name: 'BUY NOW' }));

describe('BUY NOW', () => {
  it('sends an Idempotency-Key, the same one while retrying an unknown outcome, a new one per order', async () => {
    renderForm(ADDRESS);
    answers = ['network', 503];
    await buyNow();
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot reach the shop.');
    await buyNow();
    expect(await screen.findByText('The shop is busy.')).toBeInTheDocument();
    await buyNow();
    await vi.waitFor(() => expect(onOrdered).toHaveBeenCalledTimes(1));
    await buyNow();
    await vi.waitFor(() => expect(onOrdered).toHaveBeenCalledTimes(2));
    expect(keys).toHaveLength(4);
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the shipping address it was prefilled with', async () => {
    renderForm(ADDRESS);
    await buyNow();
    await vi.waitFor(() => expect(onOrdered).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ purchaseId: 'part-1', quantity: 1, shippingAddress: ADDRESS }]);
  });

  it('asks for the address a profile lacks before anything is sent', async () => {
    renderForm({
      name: 'Bea Buyer',
      address: '',
      location: '',
      region: '',
      postalCode: '',
      country: '',
      phone: '',
    });
    await buyNow();
    expect(await screen.findByText('Address is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveAccessibleDescription('Choose a country');
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(screen.getByLabelText('Address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('City'), 'Oslo');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'NO');
    await userEvent.type(screen.getByLabelText('Phone'), '+47 555 12345');
    await buyNow();
    await vi.waitFor(() => expect(onOrdered).toHaveBeenCalledTimes(1));
    expect(bodies).toEqual([{ purchaseId: 'part-1', quantity: 1, shippingAddress: ADDRESS }]);
  });
});
