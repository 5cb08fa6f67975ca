import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShippingMethod } from '#shared/contracts/shipping-method.ts';
import { ManageShipping } from './manage-shipping';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

let methods: ShippingMethod[];
let sent: { method: string; path: string; body?: unknown }[];
let failList: boolean;

const method = (fields: Partial<ShippingMethod> & { id: string; name: string; priceCents: number }) => ({
  freeOverCents: null,
  countries: [],
  days: '',
  price: fields.priceCents / 100,
  ...fields,
});

/** The network edge: the shipping methods API as the server answers it. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const verb = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: verb, path, body });
    if (verb === 'GET')
      return failList
        ? Response.json({ error: { code: 'service_unavailable', message: 'Try again.' } }, { status: 503 })
        : Response.json(methods);
    if (verb === 'POST') {
      if (body.name.toLowerCase() === 'standard')
        return Response.json(
          {
            error: {
              code: 'shipping_method_exists',
              message: 'A shipping method called "standard" already exists.',
              fields: { name: 'Already used by another shipping method' },
            },
          },
          { status: 409 },
        );
      const created = method({ id: 'new', ...body });
      methods = [...methods, created];
      return Response.json(created, { status: 201 });
    }
    const id = path.split('/').pop()!;
    if (verb === 'PATCH') {
      methods = methods.map((row) => (row.id === id ? method({ ...row, ...body }) : row));
      return Response.json(methods.find((row) => row.id === id));
    }
    methods = methods.filter((row) => row.id !== id);
    return new Response(null, { status: 204 });
  });
}

function draw() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageShipping />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  methods = [
    method({ id: 's', name: 'Standard', priceCents: 499, freeOverCents: 10_000, days: '3–5 business days' }),
    method({
      id: 'e',
      name: 'Express',
      priceCents: 1499,
      countries: ['US', 'CA'],
      days: '1–2 business days',
    }),
  ];
  sent = [];
  failList = false;
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Shipping (dashboard)', () => {
  it('lists each method with its price, free-over amount, countries and delivery time', async () => {
    draw();
    expect(await screen.findByRole('cell', { name: 'Standard' })).toBeInTheDocument();
    expect(within(row('Standard')).getByRole('cell', { name: '$4.99' })).toBeInTheDocument();
    expect(within(row('Standard')).getByRole('cell', { name: '$100.00' })).toBeInTheDocument();
    expect(within(row('Standard')).getByRole('cell', { name: 'Everywhere' })).toBeInTheDocument();
    expect(within(row('Express')).getByRole('cell', { name: 'Never free' })).toBeInTheDocument();
    expect(within(row('Express')).getByRole('cell', { name: 'US, CA' })).toBeInTheDocument();
    expect(within(row('Express')).getByRole('cell', { name: '1–2 business days' })).toBeInTheDocument();
  });

  it('says when there are no methods, and when they could not be loaded', async () => {
    methods = [];
    draw();
    expect(await screen.findByText(/No shipping methods yet/)).toBeInTheDocument();
    failList = true;
    document.body.innerHTML = '';
    draw();
    expect(await screen.findByText('The shipping methods could not be loaded.')).toBeInTheDocument();
  });

  it('adds a method typed in dollars, and shows the server’s refusal on its field', async () => {
    draw();
    await screen.findByRole('cell', { name: 'Standard' });
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'standard');
    await userEvent.type(screen.getByLabelText('Price ($)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Already used by another shipping method')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Courier');
    await userEvent.clear(screen.getByLabelText('Price ($)'));
    await userEvent.type(screen.getByLabelText('Price ($)'), '12.5');
    await userEvent.type(screen.getByLabelText('Free over ($)'), '250');
    await userEvent.type(screen.getByLabelText('Countries'), 'gb, ie');
    await userEvent.type(screen.getByLabelText('Delivery time'), 'Next day');
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByRole('cell', { name: 'Courier' })).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      path: '/api/shipping-methods',
      body: {
        name: 'Courier',
        priceCents: 1250,
        freeOverCents: 25_000,
        countries: ['GB', 'IE'],
        days: 'Next day',
      },
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('refuses a price that is not dollars and a country code that is none, before sending', async () => {
    draw();
    await screen.findByRole('cell', { name: 'Standard' });
    await userEvent.type(screen.getByLabelText('Name'), 'Odd');
    await userEvent.type(screen.getByLabelText('Price ($)'), '4.999');
    await userEvent.type(screen.getByLabelText('Countries'), 'US, XX');
    await userEvent.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Price is an amount in dollars, such as 4.99')).toBeInTheDocument();
    expect(screen.getByText('XX is not a country code')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('edits a method in the form, its values filled in; the keyboard returns to its Edit button', async () => {
    draw();
    await screen.findByRole('cell', { name: 'Standard' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Standard' }));
    const form = screen.getByRole('form', { name: 'Edit Standard' });
    const name = within(form).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(form).getByLabelText('Price ($)')).toHaveValue('4.99');
    expect(within(form).getByLabelText('Free over ($)')).toHaveValue('100.00');
    await userEvent.clear(within(form).getByLabelText('Free over ($)'));
    await userEvent.clear(within(form).getByLabelText('Price ($)'));
    await userEvent.type(within(form).getByLabelText('Price ($)'), '5.99');
    await userEvent.click(within(form).getByRole('button', { name: 'Save method' }));
    await waitFor(() =>
      expect(within(row('Standard')).getByRole('cell', { name: '$5.99' })).toBeInTheDocument(),
    );
    expect(sent).toContainEqual({
      method: 'PATCH',
      path: '/api/shipping-methods/s',
      body: {
        name: 'Standard',
        priceCents: 599,
        freeOverCents: null,
        countries: [],
        days: '3–5 business days',
      },
    });
    expect(within(row('Standard')).getByRole('cell', { name: 'Never free' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Standard' })).toHaveFocus());
    expect(screen.getByRole('form', { name: 'Add a shipping method' })).toBeInTheDocument();
  });

  it('asks before deleting a method', async () => {
    draw();
    await screen.findByRole('cell', { name: 'Express' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Express' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this shipping method?' });
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete method' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Express' })).toBeNull());
    expect(sent).toContainEqual({ method: 'DELETE', path: '/api/shipping-methods/e', body: undefined });
  });
});
