import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import type { Part } from '#shared/contracts/part.ts';
import { LaptopRoute } from './laptop';

const t480: LaptopDetail = {
  slug: 'lenovo-thinkpad-t480',
  brand: 'Lenovo',
  series: 'ThinkPad',
  name: 'Lenovo ThinkPad T480',
  years: '2018',
  aliases: ['20L5', '20L6'],
  categories: [
    { slug: 'batteries-power', name: 'Batteries & Power', count: 13 },
    { slug: 'screens', name: 'Screens', count: 1 },
  ],
};
/** The parts that fit the T480: more than a page. */
const fitting: Part[] = Array.from({ length: 14 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: `T480 part ${index + 1}`,
  img: '/images/parts/battery.webp',
  price: 20,
  priceCents: 2000,
  minquantity: 1,
  avaquantity: 5,
  description: 'Fits a T480.',
  category: index === 0 ? 'screens' : 'batteries-power',
  partNumbers: [],
  condition: 'new',
  warrantyMonths: 12,
  rating: { average: null, count: 0 },
}));

let requests: string[] = [];

function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://shop.test');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/session') return Response.json({ user: null });
    if (url.pathname === `/api/laptops/${t480.slug}`) return Response.json(t480);
    if (url.pathname.endsWith('/fitting-parts'))
      // The Dell fits none of the T480's parts.
      return Response.json([]);
    if (url.pathname === '/api/part' && url.searchParams.get('fits') === t480.slug) {
      const category = url.searchParams.get('category');
      const found = fitting.filter((part) => !category || part.category === category);
      const page = Number(url.searchParams.get('page') ?? 1);
      return Response.json(found.slice((page - 1) * 12, page * 12), {
        headers: { 'X-Total-Count': String(found.length) },
      });
    }
    return Response.json(
      { error: { code: 'not_found', message: 'Laptop model was not found.' } },
      { status: 404 },
    );
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/laptops/:slug', element: <LaptopRoute /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  requests = [];
  localStorage.clear();
  fakeApi();
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('a laptop model’s page', () => {
  it('is /parts with the model fixed: its parts, its categories and counts, pages of its own', async () => {
    const router = renderAt(`/laptops/${t480.slug}?sort=name`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Parts for Lenovo ThinkPad T480' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2018 · 20L5, 20L6')).toBeInTheDocument();
    expect(await screen.findByText('14 parts')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Parts for Lenovo ThinkPad T480 — Reliable Tech Parts'));
    expect(
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories (14)', 'Batteries & Power (13)', 'Screens (1)']);
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      `/laptops/${t480.slug}?sort=name&page=2`,
    );
    // The model's own counts: the shop's categories are not asked for.
    expect(requests.filter((request) => request.startsWith('/api/categories'))).toEqual([]);
    expect(requests).toContain(`/api/part?sort=name&fits=${t480.slug}&limit=12`);
    // Its address does not repeat the model.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'screens');
    expect(router.state.location.pathname).toBe(`/laptops/${t480.slug}`);
    expect(router.state.location.search).toBe('?category=screens&sort=name');
    expect(await screen.findByText('1 part')).toBeInTheDocument();
  });

  it('makes the model the shopper’s laptop, whose parts all fit', async () => {
    renderAt(`/laptops/${t480.slug}`);
    await screen.findByText('14 parts');
    expect(screen.queryAllByText('Fits your laptop')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'This is my laptop' }));
    expect(await screen.findByText('This is your laptop')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('my-laptop')!)).toEqual({ slug: t480.slug, name: t480.name });
    await waitFor(() => expect(screen.getAllByText('Fits your laptop').length).toBeGreaterThan(0));
    expect(requests.filter((request) => request.includes('/fitting-parts'))).toEqual([]);
  });

  it('with another laptop chosen, says nothing fits it (asked once for the page of cards)', async () => {
    localStorage.setItem('my-laptop', JSON.stringify({ slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' }));
    renderAt(`/laptops/${t480.slug}`);
    await screen.findByText('14 parts');
    await waitFor(() =>
      expect(requests.filter((request) => request.includes('/fitting-parts'))).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: 'This is my laptop' })).toBeInTheDocument();
    expect(screen.queryAllByText('Fits your laptop')).toEqual([]);
  });

  it('says so for a model the shop does not know', async () => {
    renderAt('/laptops/no-such-model');
    expect(await screen.findByRole('heading', { level: 1, name: 'Laptop not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your laptop' })).toHaveAttribute('href', '/laptops');
  });
});
