import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxRate } from '#shared/contracts/tax-rate.ts';
import { ManageTax } from './manage-tax';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

let rates: TaxRate[];
let sent: { method: string; path: string; body?: unknown }[];

/** The network edge: the tax rates API as the server answers it. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const verb = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method: verb, path, body });
    if (verb === 'GET') return Response.json(rates);
    if (verb === 'POST') {
      if (body.country === 'FR')
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Rate is a percentage from 0 to 100 with at most three decimals, such as 7.25',
              fields: { rate: 'The server says no' },
            },
          },
          { status: 400 },
        );
      const saved = { id: `${body.country}-${body.region}`, ...body };
      rates = [...rates.filter((rate) => rate.id !== saved.id), saved];
      return Response.json(saved, { status: 201 });
    }
    const id = path.split('/').pop()!;
    rates = rates.filter((rate) => rate.id !== id);
    return new Response(null, { status: 204 });
  });
}

beforeEach(() => {
  rates = [
    { id: 'GB-', country: 'GB', region: '', rate: 20, appliesToShipping: true },
    { id: 'US-CA', country: 'US', region: 'CA', rate: 7.25, appliesToShipping: false },
  ];
  sent = [];
  fakeApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageTax />
    </QueryClientProvider>,
  );
});
afterEach(() => vi.restoreAllMocks());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Tax (dashboard)', () => {
  it('lists each rate with its country’s name, region, percentage and whether shipping is taxed', async () => {
    expect(await screen.findByRole('cell', { name: 'United Kingdom' })).toBeInTheDocument();
    expect(within(row('United Kingdom')).getByRole('cell', { name: 'Whole country' })).toBeInTheDocument();
    expect(within(row('United Kingdom')).getByRole('cell', { name: '20 %' })).toBeInTheDocument();
    expect(within(row('United Kingdom')).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(row('United States')).getByRole('cell', { name: 'CA' })).toBeInTheDocument();
    expect(within(row('United States')).getByRole('cell', { name: '7.25 %' })).toBeInTheDocument();
  });

  it('sets a state’s rate: the region list appears for a country that has regions', async () => {
    await screen.findByRole('cell', { name: 'United Kingdom' });
    expect(screen.queryByLabelText('State or province')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    await userEvent.selectOptions(screen.getByLabelText('State or province'), 'NY');
    await userEvent.type(screen.getByLabelText('Rate (%)'), '4.375');
    await userEvent.click(screen.getByLabelText('Applies to shipping'));
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByRole('cell', { name: '4.375 %' })).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      path: '/api/tax-rates',
      body: { country: 'US', region: 'NY', rate: 4.375, appliesToShipping: true },
    });
    // Another country: no region list, and the region chosen before is not sent.
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    await userEvent.selectOptions(screen.getByLabelText('State or province'), 'TX');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'DE');
    expect(screen.queryByLabelText('State or province')).toBeNull();
    await userEvent.type(screen.getByLabelText('Rate (%)'), '19');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'POST',
        path: '/api/tax-rates',
        body: { country: 'DE', region: '', rate: 19, appliesToShipping: false },
      }),
    );
  });

  it('refuses a rate that is not a percentage before sending, and shows the server’s word on the field', async () => {
    await screen.findByRole('cell', { name: 'United Kingdom' });
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    await waitFor(() => expect(screen.getByLabelText('Country')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Rate (%)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'FR');
    await userEvent.type(screen.getByLabelText('Rate (%)'), '7.2555');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(
      await screen.findByText('Rate is a percentage from 0 to 100 with at most three decimals, such as 7.25'),
    ).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Rate (%)'));
    await userEvent.type(screen.getByLabelText('Rate (%)'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText('The server says no')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate (%)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before deleting a rate', async () => {
    await screen.findByRole('cell', { name: 'United Kingdom' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete the rate of United Kingdom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tax rate?' });
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete rate' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'United Kingdom' })).toBeNull());
    expect(sent).toContainEqual({ method: 'DELETE', path: '/api/tax-rates/GB-', body: undefined });
  });
});
