import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { notify } from '#web/lib/notify.tsx';
import { ManageLaptops } from './manage-laptops';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const model = (brand: string, series: string, name: string, changes: Partial<Laptop> = {}): Laptop => ({
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  brand,
  series,
  name,
  years: '',
  aliases: [],
  ...changes,
});

let laptops: Laptop[];
/** Parts on sale that fit each model, by category (what GET /api/laptops/:slug counts). */
let fitting: Record<string, number[]>;
let sent: { method: string; path: string; body?: unknown }[];

const failure = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, fields } }, { status });

/** The network edge: the laptop models API as the server answers it. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname + url.search, body });
    const slug = decodeURIComponent(url.pathname.split('/')[3] ?? '');
    if (method === 'GET' && url.pathname === '/api/laptops/brands') {
      const brands = [...new Set(laptops.map((laptop) => laptop.brand))].sort();
      return Response.json(
        brands.map((brand) => ({ brand, count: laptops.filter((laptop) => laptop.brand === brand).length })),
      );
    }
    if (method === 'GET' && url.pathname === '/api/laptops') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const brand = url.searchParams.get('brand') ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const found = laptops.filter(
        (laptop) =>
          (!brand || laptop.brand === brand) &&
          [laptop.name, ...laptop.aliases].some((text) => text.toLowerCase().includes(q)),
      );
      return Response.json(found.slice((page - 1) * limit, page * limit), {
        headers: { 'x-total-count': String(found.length) },
      });
    }
    const laptop = laptops.find((candidate) => candidate.slug === slug);
    if (method === 'POST') {
      if (laptops.some((candidate) => candidate.name === body.name))
        return failure(409, 'laptop_exists', `There already is a laptop model called "${body.name}".`, {
          name: 'There already is a model by this name',
        });
      const created = model(body.brand, body.series, body.name, {
        years: body.years,
        aliases: body.aliases,
      });
      laptops = [...laptops, created];
      return Response.json(created, { status: 201 });
    }
    if (!laptop) return failure(404, 'not_found', 'Laptop model not found.');
    if (method === 'GET')
      return Response.json({
        ...laptop,
        categories: (fitting[slug] ?? []).map((count, index) => ({
          slug: `category-${index}`,
          name: `Category ${index}`,
          count,
        })),
      });
    if (method === 'PATCH') {
      const changed = { ...laptop, ...body };
      laptops = laptops.map((candidate) => (candidate.slug === slug ? changed : candidate));
      return Response.json(changed);
    }
    laptops = laptops.filter((candidate) => candidate.slug !== slug);
    const fits = (fitting[slug] ?? []).reduce((sum, count) => sum + count, 0);
    return Response.json({ deleted: true, fits });
  });
}

const t480 = model('Lenovo', 'ThinkPad T', 'Lenovo ThinkPad T480', {
  years: '2018',
  aliases: ['20L5', '20L6'],
});

beforeEach(() => {
  laptops = [
    t480,
    model('Dell', 'XPS', 'Dell XPS 13 9370'),
    model('Lenovo', 'ThinkPad X', 'Lenovo ThinkPad X1'),
  ];
  fitting = { 'lenovo-thinkpad-t480': [7, 5] };
  sent = [];
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageLaptops />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name}`) });
const gets = (path: string) => sent.filter((request) => request.method === 'GET' && request.path === path);

describe('Laptops', () => {
  it('lists the models with their brand, series, years, aliases and address', async () => {
    renderPage();
    expect(await screen.findByRole('cell', { name: 'Lenovo ThinkPad T480' })).toBeInTheDocument();
    const t480Row = row('Lenovo ThinkPad T480');
    for (const text of ['Lenovo', 'ThinkPad T', '2018', '20L5, 20L6', 'lenovo-thinkpad-t480'])
      expect(within(t480Row).getByRole('cell', { name: text })).toBeInTheDocument();
    expect(screen.getByTestId('laptop-count')).toHaveTextContent('3 models');
    expect(gets('/api/laptops?limit=20')).toHaveLength(1);
  });

  it('searches, filters by brand and pages through the models', async () => {
    laptops = [
      ...laptops,
      ...Array.from({ length: 22 }, (_, index) => model('HP', 'EliteBook', `HP EliteBook 8${10 + index}`)),
    ];
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await waitFor(() => expect(gets('/api/laptops?page=2&limit=20')).toHaveLength(1));

    // A brand starts again at its first page.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Brand' }), 'Lenovo');
    await waitFor(() => expect(screen.getByTestId('laptop-count')).toHaveTextContent('2 models'));
    expect(gets('/api/laptops?brand=Lenovo&limit=20')).toHaveLength(1);
    expect(screen.getByRole('option', { name: 'HP (22)' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search models'), '20L5');
    await waitFor(() => expect(screen.getByTestId('laptop-count')).toHaveTextContent('1 model'));
    expect(gets('/api/laptops?q=20L5&brand=Lenovo&limit=20')).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'Lenovo ThinkPad T480' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search models'));
    await user.type(screen.getByLabelText('Search models'), 'nothing like it');
    expect(await screen.findByText('No model matches “nothing like it” among Lenovo.')).toBeInTheDocument();
  });

  it('adds a model, its aliases typed with commas, and says why one is refused', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('cell', { name: 'Lenovo ThinkPad T480' });
    const form = screen.getByRole('form', { name: 'Add a laptop model' });
    await user.click(within(form).getByRole('button', { name: 'Add Model' }));
    expect(await within(form).findByText('Brand is required')).toBeInTheDocument();
    expect(within(form).getByText('Name is required')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(form).getByLabelText('Brand'), 'Lenovo');
    await user.type(within(form).getByLabelText('Series'), 'ThinkPad T');
    await user.type(within(form).getByLabelText('Name'), 'Lenovo ThinkPad T480');
    await user.click(within(form).getByRole('button', { name: 'Add Model' }));
    expect(await within(form).findByText('There already is a model by this name')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Lenovo ThinkPad T490');
    await user.type(within(form).getByLabelText('Years'), '2019');
    await user.type(within(form).getByLabelText('Aliases'), '20N2, 20N3 ,');
    await user.click(within(form).getByRole('button', { name: 'Add Model' }));
    expect(await screen.findByRole('cell', { name: 'Lenovo ThinkPad T490' })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').at(-1)).toEqual({
      method: 'POST',
      path: '/api/laptops',
      body: {
        brand: 'Lenovo',
        series: 'ThinkPad T',
        name: 'Lenovo ThinkPad T490',
        years: '2019',
        aliases: ['20N2', '20N3'],
      },
    });
    expect(notify.success).toHaveBeenCalledWith('Lenovo ThinkPad T490 was added.');
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });

  it('edits a model, sending only what changed; its address stays', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Lenovo ThinkPad T480' }));
    const form = screen.getByRole('form', { name: 'Edit Lenovo ThinkPad T480' });
    await waitFor(() => expect(within(form).getByLabelText('Brand')).toHaveFocus());
    expect(within(form).getByLabelText('Aliases')).toHaveValue('20L5, 20L6');
    expect(within(form).getByText(/Its address stays lenovo-thinkpad-t480/)).toBeInTheDocument();

    // Years, once given, cannot be emptied (the server refuses an empty one).
    await user.clear(within(form).getByLabelText('Years'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Years is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Years'), '2018');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Lenovo ThinkPad T480 (2018)');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('cell', { name: 'Lenovo ThinkPad T480 (2018)' })).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/laptops/lenovo-thinkpad-t480',
        body: { name: 'Lenovo ThinkPad T480 (2018)' },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith(
      'Lenovo ThinkPad T480 is now called Lenovo ThinkPad T480 (2018).',
    );
    expect(screen.queryByRole('form', { name: /^Edit / })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Lenovo ThinkPad T480 (2018)' })).toHaveFocus(),
    );
  });

  it('asks before deleting, saying how many fits go with the model', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Lenovo ThinkPad T480' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lenovo ThinkPad T480?' });
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    expect(dialog).toHaveTextContent('Its 12 fits go with it.');
    expect(gets('/api/laptops/lenovo-thinkpad-t480')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Dell XPS 13 9370' }));
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    expect(dialog).toHaveTextContent('Delete Dell XPS 13 9370?');
    expect(dialog).toHaveTextContent('No part on sale is listed as fitting it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Lenovo ThinkPad T480' }));
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete model' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Lenovo ThinkPad T480' })).toBeNull());
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/laptops/lenovo-thinkpad-t480', body: undefined },
    ]);
    expect(notify.success).toHaveBeenCalledWith('Lenovo ThinkPad T480 was deleted with its 12 fits.');
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Lenovo ThinkPad T480' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Lenovo ThinkPad T480?' });
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    // Someone else deleted it meanwhile.
    laptops = laptops.filter((laptop) => laptop.slug !== 'lenovo-thinkpad-t480');
    await user.click(within(dialog).getByRole('button', { name: 'Delete model' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Laptop model not found.');
    expect(dialog).toHaveAttribute('open');
  });
});
