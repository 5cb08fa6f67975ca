import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fit, Laptop } from '#shared/contracts/laptop.ts';
import type { PartDetail } from '#shared/contracts/part.ts';
import { notify } from '#web/lib/notify.tsx';
import { PartFitsEditor } from './part-fits-editor';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const PART_ID = '0b9d7a52-6c1e-4f7a-9a53-2f6f8c1d2e3a';
const model = (name: string, aliases: string[] = []): Laptop => ({
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  brand: name.split(' ')[0]!,
  series: name.split(' ')[1]!,
  name,
  years: '2018',
  aliases,
});
const LAPTOPS = [
  model('Lenovo ThinkPad T480', ['20L5']),
  model('Lenovo ThinkPad T480s'),
  model('Lenovo ThinkPad T470'),
];

let fits: Fit[];
let sent: { method: string; path: string; body?: unknown }[];
/** Models the server no longer has (deleted by another admin meanwhile). */
let gone: string[];

function partOf(): PartDetail {
  return {
    _id: PART_ID,
    name: 'Fan for T480',
    img: '/images/parts/cooling-fan.webp',
    price: 19,
    priceCents: 1900,
    minquantity: 1,
    avaquantity: 4,
    description: 'A fan.',
    category: 'cooling',
    partNumbers: ['01YR449'],
    condition: 'new',
    warrantyMonths: 12,
    rating: { average: null, count: 0 },
    specs: {},
    fits,
  };
}

/** The network edge: one part in full, the models' search, and the fits saved. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path: url.pathname + url.search, body });
    if (url.pathname === '/api/laptops') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = LAPTOPS.filter((laptop) =>
        [laptop.name, ...laptop.aliases].some((text) => text.toLowerCase().includes(q)),
      );
      return Response.json(found, { headers: { 'x-total-count': String(found.length) } });
    }
    if (url.pathname !== `/api/part/${PART_ID}` && url.pathname !== `/api/part/${PART_ID}/fits`)
      return Response.json({ error: { code: 'not_found', message: 'Part not found.' } }, { status: 404 });
    if (method === 'GET') return Response.json(partOf());
    const unknown = body.models
      .map((fit: { slug: string }) => fit.slug)
      .filter((slug: string) => gone.includes(slug));
    if (unknown.length) {
      const message = `There is no laptop model ${unknown.map((slug: string) => `"${slug}"`).join(', ')}.`;
      return Response.json(
        { error: { code: 'validation_failed', message, fields: { models: message } } },
        { status: 400 },
      );
    }
    fits = body.models.map((fit: { slug: string; note: string | null }) => ({
      slug: fit.slug,
      name: LAPTOPS.find((laptop) => laptop.slug === fit.slug)?.name ?? fit.slug,
      note: fit.note,
    }));
    return Response.json(fits);
  });
}

beforeEach(() => {
  fits = [{ slug: 'lenovo-thinkpad-t470', name: 'Lenovo ThinkPad T470', note: 'not the touch version' }];
  sent = [];
  gone = [];
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

function renderEditor(partId = PART_ID) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PartFitsEditor partId={partId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const puts = () => sent.filter((request) => request.method === 'PUT');

describe('a part’s fits', () => {
  it('lists the laptops the part fits, each with its note, under the part’s name', async () => {
    renderEditor();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fits of Fan for T480' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Fits of Fan for T480 — /));
    expect(screen.getByRole('heading', { name: 'Listed models (1)' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Lenovo ThinkPad T470' })).toBeInTheDocument();
    expect(screen.getByLabelText('Note for Lenovo ThinkPad T470')).toHaveValue('not the touch version');
    expect(screen.getByRole('link', { name: 'Back to Manage All Product' })).toHaveAttribute(
      'href',
      '/dashboard/manage',
    );
    // Nothing to save yet.
    expect(screen.getByRole('button', { name: 'Save fits' })).toBeDisabled();
  });

  it('finds a model, adds it with a note, and saves the list', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('cell', { name: 'Lenovo ThinkPad T470' });
    await user.type(screen.getByLabelText('Search laptop models'), 'T4');
    const found = await screen.findByRole('list', { name: 'Models found' });
    await waitFor(() => expect(within(found).getAllByRole('listitem')).toHaveLength(3));
    expect(sent).toContainEqual({ method: 'GET', path: '/api/laptops?q=T4&limit=10', body: undefined });
    // The model already listed is not offered again.
    expect(within(found).queryByRole('button', { name: 'Add Lenovo ThinkPad T470' })).toBeNull();
    expect(within(found).getByText('Listed')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Note (optional)'), 'needs the 40-pin cable');
    await user.click(within(found).getByRole('button', { name: 'Add Lenovo ThinkPad T480' }));
    expect(
      screen.getByText('Lenovo ThinkPad T480 was added to the list with its note. Save the list to keep it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Search laptop models')).toHaveFocus();
    expect(screen.getByLabelText('Note (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Note for Lenovo ThinkPad T480')).toHaveValue('needs the 40-pin cable');
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    await user.click(within(found).getByRole('button', { name: 'Add Lenovo ThinkPad T480s' }));

    await user.click(screen.getByRole('button', { name: 'Save fits' }));
    expect(await screen.findByText('Saved: Fan for T480 fits 3 laptop models.')).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        method: 'PUT',
        path: `/api/part/${PART_ID}/fits`,
        body: {
          models: [
            { slug: 'lenovo-thinkpad-t470', note: 'not the touch version' },
            { slug: 'lenovo-thinkpad-t480', note: 'needs the 40-pin cable' },
            { slug: 'lenovo-thinkpad-t480s', note: null },
          ],
        },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('The fits were saved.');
    expect(screen.getByRole('button', { name: 'Save fits' })).toBeDisabled();
  });

  it('removes a model and changes a note; Discard changes brings the saved list back', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Remove Lenovo ThinkPad T470' }));
    expect(screen.queryByRole('cell', { name: 'Lenovo ThinkPad T470' })).toBeNull();
    expect(screen.getByText(/No laptop models are listed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const note = await screen.findByLabelText('Note for Lenovo ThinkPad T470');
    expect(note).toHaveValue('not the touch version');
    expect(screen.getByRole('button', { name: 'Save fits' })).toBeDisabled();

    await user.clear(note);
    await user.click(screen.getByRole('button', { name: 'Save fits' }));
    expect(await screen.findByText('Saved: Fan for T480 fits 1 laptop model.')).toBeInTheDocument();
    expect(puts()[0]?.body).toEqual({ models: [{ slug: 'lenovo-thinkpad-t470', note: null }] });

    await user.click(screen.getByRole('button', { name: 'Remove Lenovo ThinkPad T470' }));
    await user.click(screen.getByRole('button', { name: 'Save fits' }));
    expect(await screen.findByText('Saved: Fan for T480 fits 0 laptop models.')).toBeInTheDocument();
    expect(puts()[1]?.body).toEqual({ models: [] });
  });

  it('says which model the shop no longer has, and keeps the list to fix', async () => {
    gone = ['lenovo-thinkpad-t480'];
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('cell', { name: 'Lenovo ThinkPad T470' });
    await user.type(screen.getByLabelText('Search laptop models'), '20L5');
    await user.click(await screen.findByRole('button', { name: 'Add Lenovo ThinkPad T480' }));
    await user.click(screen.getByRole('button', { name: 'Save fits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no laptop model "lenovo-thinkpad-t480".',
    );
    expect(screen.getByRole('cell', { name: 'Lenovo ThinkPad T480' })).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
  });

  it('refuses a note with control characters under its field, before sending', async () => {
    const user = userEvent.setup();
    renderEditor();
    const note = await screen.findByLabelText('Note for Lenovo ThinkPad T470');
    await user.clear(note);
    await user.type(note, 'bad\u0007note');
    await user.click(screen.getByRole('button', { name: 'Save fits' }));
    expect(await screen.findByText('Note must not contain control characters')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toEqual([]);
  });

  it('says when no model matches, pointing to the Laptops page', async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('cell', { name: 'Lenovo ThinkPad T470' });
    expect(screen.getByText('Type a model, series or machine type to find it.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search laptop models'), 'MacBook');
    expect(await screen.findByText(/No model matches “MacBook”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Laptops' })).toHaveAttribute('href', '/dashboard/laptops');
  });

  it('says when the part cannot be found', async () => {
    renderEditor('5e2a1f00-0000-4000-8000-000000000000');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The part could not be loaded.');
    expect(alert).toHaveTextContent('Part not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Fits of a part' })).toBeInTheDocument();
  });
});
