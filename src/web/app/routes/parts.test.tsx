import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../../shared/contracts/category';
import type { Part } from '../../../shared/contracts/part';
import { PartsRoute } from './parts';

const categories: Category[] = [
  { slug: 'cooling', name: 'Cooling', count: 2 },
  { slug: 'other-parts', name: 'Other parts', count: 12 },
];
const catalogue: Part[] = Array.from({ length: 14 }, (_, index) => ({
  _id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  name: index < 2 ? `Cooling Fan ${index + 1}` : `Part ${index + 1}`,
  img: '/images/parts/cooling-fan.svg',
  price: 10 + index,
  priceCents: (10 + index) * 100,
  minquantity: 1,
  avaquantity: 5,
  description: 'A part.',
  category: index < 2 ? 'cooling' : 'other-parts',
  partNumbers: [],
  condition: 'new',
  warrantyMonths: 12,
}));

/** What the API was asked, as path and query. */
let requests: string[] = [];
let failNext = 0;

/** The network edge: a small stand-in for GET /api/part (search by name, category, paging). */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://shop.test');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/categories') return Response.json(categories);
    if (url.pathname === '/api/part/facets') return Response.json({ discreteGpu: [] });
    if (failNext > 0) {
      failNext -= 1;
      return Response.json(
        { error: { code: 'unavailable', message: 'The shop is resting.' } },
        { status: 503 },
      );
    }
    const q = url.searchParams.get('q')?.toLowerCase();
    const category = url.searchParams.get('category');
    const found = catalogue.filter(
      (part) =>
        (!q || part.name.toLowerCase().includes(q.replace('colling', 'cooling'))) &&
        (!category || part.category === category),
    );
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 24);
    return Response.json(found.slice((page - 1) * limit, page * limit), {
      headers: { 'X-Total-Count': String(found.length) },
    });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/parts', element: <PartsRoute /> },
      { path: '/parts/:id', element: <p>A product page</p> },
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

const search = (router: ReturnType<typeof renderAt>) => router.state.location.search;
const partRequests = () => requests.filter((request) => request.startsWith('/api/part'));

beforeEach(() => {
  requests = [];
  failNext = 0;
  fakeApi();
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('/parts', () => {
  it('shows what its URL asks for, and asks the API for exactly that', async () => {
    renderAt('/parts?q=fan&category=cooling&sort=price&inStock=true');
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(partRequests().sort()).toEqual([
      '/api/part/facets?q=fan&category=cooling&inStock=true',
      '/api/part?q=fan&category=cooling&sort=price&inStock=true&limit=12',
    ]);
    expect(screen.getByLabelText('Search parts')).toHaveValue('fan');
    expect(screen.getByLabelText('Category')).toHaveValue('cooling');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price');
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Cooling Fan 1',
      'Cooling Fan 2',
    ]);
    expect(document.title).toBe('Results for “fan” — Reliable Tech Parts');
  });

  it('counts every page, shows one, and pages with links that keep the query', async () => {
    renderAt('/parts?sort=name');
    expect(await screen.findByText('14 parts')).toBeInTheDocument();
    // The first cards come with the page, the rest a moment later (components/ui/later.tsx).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/parts?sort=name&page=2',
    );
    expect(screen.getByRole('link', { name: 'Cooling Fan 1' })).toHaveAttribute(
      'href',
      `/parts/${catalogue[0]!._id}`,
    );
  });

  it('a new search replaces the old one and starts at page 1, keeping the order', async () => {
    const router = renderAt('/parts?sort=name&page=2');
    await screen.findByText('14 parts');
    const box = screen.getByLabelText('Search parts');
    await userEvent.clear(box);
    await userEvent.type(box, 'colling{Enter}');
    await waitFor(() => expect(search(router)).toBe('?q=colling&sort=name'));
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Name');
  });

  it('filters by category (with counts), in stock and order at once, each from page 1', async () => {
    const router = renderAt('/parts?page=2');
    await screen.findByText('14 parts');
    const category = screen.getByLabelText('Category');
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All categories (14)', 'Cooling (2)', 'Other parts (12)']);
    await userEvent.selectOptions(category, 'cooling');
    expect(search(router)).toBe('?category=cooling');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Price high to low');
    expect(search(router)).toBe('?category=cooling&sort=-price');
    await userEvent.click(screen.getByLabelText('In stock only'));
    expect(search(router)).toBe('?category=cooling&sort=-price&inStock=true');
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
  });

  it('calls the shop’s own order Featured, and relevance what it is while searching', async () => {
    const router = renderAt('/parts');
    await screen.findByText('14 parts');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Featured');
    await router.navigate('/parts?q=fan');
    await waitFor(() => expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Relevance'));
  });

  it('follows back and forward: the controls show the URL’s state', async () => {
    const router = renderAt('/parts');
    await screen.findByText('14 parts');
    await userEvent.type(screen.getByLabelText('Search parts'), 'fan{Enter}');
    await screen.findByText('2 parts');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Search parts')).toHaveValue(''));
    expect(await screen.findByText('14 parts')).toBeInTheDocument();
    await router.navigate(1);
    await waitFor(() => expect(screen.getByLabelText('Search parts')).toHaveValue('fan'));
  });

  it('says what found nothing, and offers to clear the filters or browse everything', async () => {
    renderAt('/parts?q=xyz&category=cooling&sort=name');
    expect(await screen.findByRole('heading', { name: 'No results for “xyz”' })).toBeInTheDocument();
    expect(screen.getByText('0 parts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      '/parts?q=xyz&sort=name',
    );
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
  });

  it('offers the last page for a page past the end', async () => {
    renderAt('/parts?page=9');
    expect(await screen.findByRole('heading', { name: 'There is no page 9' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page' })).toHaveAttribute(
      'href',
      '/parts?page=2',
    );
  });

  it('shows a failure where the parts would be, with a retry', async () => {
    failNext = 1;
    renderAt('/parts');
    expect(await screen.findByText('The parts could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The shop is resting.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('14 parts')).toBeInTheDocument();
  });
});
