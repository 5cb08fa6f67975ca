import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Laptop } from '#shared/contracts/laptop.ts';
import { LaptopsRoute } from './laptops';

const model = (brand: string, series: string, name: string, aliases: string[] = []): Laptop => ({
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  brand,
  series,
  name,
  years: '2018',
  aliases,
});
const models: Laptop[] = [
  model('Dell', 'XPS', 'Dell XPS 13 9370'),
  model('Lenovo', 'IdeaPad', 'Lenovo IdeaPad 5 14'),
  model('Lenovo', 'ThinkPad', 'Lenovo ThinkPad T480', ['20L5', '20L6']),
  model('Lenovo', 'ThinkPad', 'Lenovo ThinkPad X1 Carbon Gen 6'),
];

let requests: string[] = [];

/** The network edge: GET /api/laptops/brands, and /api/laptops by brand or by a search (typos aside). */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://shop.test');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/laptops/brands')
      return Response.json([
        { brand: 'Dell', count: 1 },
        { brand: 'Lenovo', count: 3 },
      ]);
    const q = url.searchParams.get('q')?.toLowerCase();
    const brand = url.searchParams.get('brand');
    const found = models.filter(
      (laptop) =>
        (!brand || laptop.brand === brand) &&
        (!q || [laptop.name, ...laptop.aliases].some((name) => name.toLowerCase().includes(q))),
    );
    return Response.json(found, { headers: { 'X-Total-Count': String(found.length) } });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/laptops', element: <LaptopsRoute /> },
      { path: '/laptops/:slug', element: <p>A model’s page</p> },
    ],
    { initialEntries: [path] },
  );
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
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

describe('/laptops', () => {
  it('offers a search and the brands with their counts, and lists no models yet', async () => {
    renderAt('/laptops');
    expect(screen.getByRole('heading', { level: 1, name: 'Find your laptop' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Find your laptop' })).toHaveAttribute('name', 'q');
    const brands = await screen.findByRole('navigation', { name: 'Brands' });
    expect(
      (await within(brands).findAllByRole('link')).map((link) => [
        link.textContent,
        link.getAttribute('href'),
      ]),
    ).toEqual([
      ['Dell (1)', '/laptops?brand=Dell'],
      ['Lenovo (3)', '/laptops?brand=Lenovo'],
    ]);
    expect(screen.getByText('Search for your laptop’s model, or choose its brand.')).toBeInTheDocument();
    expect(requests).toEqual(['/api/laptops/brands']);
  });

  it('opens a brand’s models grouped by series, each linking to its page', async () => {
    const router = renderAt('/laptops');
    await userEvent.click(await screen.findByRole('link', { name: 'Lenovo (3)' }));
    expect(router.state.location.search).toBe('?brand=Lenovo');
    expect(await screen.findByRole('heading', { level: 2, name: 'Lenovo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lenovo (3)' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('3 models')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'IdeaPad',
      'ThinkPad',
    ]);
    const thinkPads = screen.getByRole('heading', { level: 3, name: 'ThinkPad' }).closest('section')!;
    expect(within(thinkPads).getByRole('link', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute(
      'href',
      '/laptops/lenovo-thinkpad-t480',
    );
    expect(within(thinkPads).getByText('2018 · 20L5, 20L6')).toBeInTheDocument();
    expect(requests).toContain('/api/laptops?brand=Lenovo&limit=100');
  });

  it('searches by model or machine type; the search lives in the address', async () => {
    const router = renderAt('/laptops?brand=Dell');
    await screen.findByText('Dell XPS 13 9370');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find your laptop' }), '20l5{Enter}');
    expect(router.state.location.search).toBe('?q=20l5');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Models matching “20l5”' }),
    ).toBeInTheDocument();
    // The brand's models stay on screen until the search's arrive.
    await screen.findByRole('link', { name: 'Lenovo ThinkPad T480' });
    expect(screen.getByText('1 model')).toBeInTheDocument();
    // A search's groups name the brand too.
    expect(screen.getByRole('heading', { level: 3, name: 'Lenovo ThinkPad' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Lenovo ThinkPad T480' }));
    expect(router.state.location.pathname).toBe('/laptops/lenovo-thinkpad-t480');
  });

  it('says what to check when nothing matches', async () => {
    renderAt('/laptops?q=zzz');
    expect(await screen.findByText('0 models')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Check the model on the label underneath your laptop (or its machine type), or choose its brand.',
      ),
    ).toBeInTheDocument();
  });
});
