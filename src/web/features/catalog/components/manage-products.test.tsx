import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Part, PartDetail } from '#shared/contracts/part.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { ManageProducts } from './manage-products';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const panel: PartDetail = {
  _id: '0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a',
  name: 'FHD panel',
  img: '/images/parts/screen.webp',
  price: 89,
  priceCents: 8900,
  minquantity: 1,
  avaquantity: 5,
  description: 'A matte panel.',
  category: 'screens',
  partNumbers: ['N156HCA-EAB'],
  condition: 'new',
  warrantyMonths: 12,
  rating: { average: null, count: 0 },
  specs: { sizeInches: 15.6, touch: true },
  fits: [{ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480', note: null }],
};
const { specs: _specs, fits: _fits, ...listed } = panel;
const row: Part = listed;

let sent: { method: string; path: string; body?: unknown }[];

beforeEach(() => {
  sent = [];
  // The network edge: the catalogue's list, one part in full, the categories, and saves.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (path === '/api/categories') return Response.json([{ slug: 'screens', name: 'Screens', count: 1 }]);
    if (path.startsWith('/api/part?')) return Response.json([row], { headers: { 'x-total-count': '1' } });
    if (method === 'PUT') return Response.json(row);
    return Response.json(panel);
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ManageProducts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
});
afterEach(() => vi.restoreAllMocks());

describe('Manage All Product', () => {
  it('leads from each product to the page of the laptops it fits', async () => {
    const link = await screen.findByRole('link', { name: 'Edit fits of FHD panel' });
    expect(link).toHaveTextContent('Edit fits');
    expect(link).toHaveAttribute('href', `/dashboard/parts/${panel._id}/fits`);
  });

  it('edits a product from the shop’s full record: its part numbers, condition, warranty and specs', async () => {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit FHD panel' }));
    const editor = screen.getByRole('heading', { name: 'Edit FHD panel' }).parentElement!;
    const size = await within(editor).findByLabelText('Size (inches)');
    expect(size).toHaveValue('15.6');
    expect(within(editor).getByRole('combobox', { name: 'Touch' })).toHaveValue('yes');
    expect(within(editor).getByLabelText('Part numbers')).toHaveValue('N156HCA-EAB');
    expect(sent).toContainEqual({ method: 'GET', path: `/api/part/${panel._id}`, body: undefined });

    await user.clear(size);
    await user.type(size, '14');
    await user.type(within(editor).getByLabelText('Part numbers'), '{Enter}B140HAN04.0');
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: 'Edit FHD panel' })).toBeNull());
    expect(sent.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: `/api/part/${panel._id}`,
      body: expect.objectContaining({
        name: 'FHD panel',
        price: '89.00',
        partNumbers: 'N156HCA-EAB\nB140HAN04.0',
        condition: 'new',
        warrantyMonths: '12',
        specs: { sizeInches: '14', touch: 'yes' },
      }),
    });
  });
});
