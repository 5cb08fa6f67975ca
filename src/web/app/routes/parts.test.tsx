import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '#shared/contracts/category.ts';
import type { Part } from '#shared/contracts/part.ts';
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
  condition: index === 1 ? 'refurbished' : 'new',
  warrantyMonths: 12,
  rating: { average: null, count: 0 },
}));
/** For discrete graphics (the cooling category's spec): the first fan yes, the second no. */
const discreteGpu = (part: Part) => (part.category === 'cooling' ? part.name.endsWith('1') : undefined);

const T480 = { slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' };
/** The parts listed for the T480: the first fan and part 3. */
const fitsT480 = new Set([catalogue[0]!._id, catalogue[2]!._id]);

/** What the API was asked, as path and query. */
let requests: string[] = [];
let failNext = 0;

/** The network edge: a small stand-in for GET /api/part (search by name, category, paging). */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://shop.test');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/categories') return Response.json(categories);
    if (url.pathname === '/api/session') return Response.json({ user: null });
    if (url.pathname === '/api/laptops') {
      const q = url.searchParams.get('q') ?? '';
      const found = 'lenovo thinkpad t480 20l5'.includes(q.toLowerCase())
        ? [{ ...T480, brand: 'Lenovo', series: 'ThinkPad', years: '2018', aliases: ['20L5'] }]
        : [];
      return Response.json(found, { headers: { 'X-Total-Count': String(found.length) } });
    }
    if (url.pathname === `/api/laptops/${T480.slug}/fitting-parts`)
      return Response.json((url.searchParams.get('ids') ?? '').split(',').filter((id) => fitsT480.has(id)));
    if (url.pathname === '/api/part/facets') {
      const cooling = catalogue.filter((part) => part.category === 'cooling');
      return Response.json({
        discreteGpu: [true, false].map((value) => ({
          value,
          count: cooling.filter((part) => discreteGpu(part) === value).length,
        })),
      });
    }
    if (failNext > 0) {
      failNext -= 1;
      return Response.json(
        { error: { code: 'unavailable', message: 'The shop is resting.' } },
        { status: 503 },
      );
    }
    const q = url.searchParams.get('q')?.toLowerCase();
    const category = url.searchParams.get('category');
    const fits = url.searchParams.get('fits');
    const condition = url.searchParams.get('condition');
    const gpu = url.searchParams.get('spec.discreteGpu');
    const named = (part: Part, words: string) =>
      part.name.toLowerCase().includes(words.replace('colling', 'cooling'));
    // Like the shop: when no part has every word, the parts with any of them, and the header says so.
    const partial = Boolean(q?.includes(' ')) && !catalogue.some((part) => named(part, q!));
    const found = catalogue.filter(
      (part) =>
        (!q || (partial ? q.split(' ').some((word) => named(part, word)) : named(part, q))) &&
        (!category || part.category === category) &&
        (!fits || (fits === T480.slug && fitsT480.has(part._id))) &&
        (!condition || part.condition === condition) &&
        (!gpu || String(discreteGpu(part)) === gpu),
    );
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 24);
    return Response.json(found.slice((page - 1) * limit, page * limit), {
      headers: { 'X-Total-Count': String(found.length), ...(partial && { 'X-Search-Partial': 'true' }) },
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
  localStorage.clear();
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

  it('says when no part has every word searched for, with the words as typed, as text', async () => {
    const router = renderAt('/parts?q=cooling <b>pump</b>');
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(screen.getByTestId('partial-match')).toHaveTextContent(
      'No part matches all of “cooling <b>pump</b>” — showing parts that match most of it',
    );
    expect(screen.getByTestId('partial-match').querySelector('b')).toBeNull();
    await router.navigate('/parts?q=cooling fan');
    await waitFor(() => expect(screen.getByTestId('partial-match')).toBeEmptyDOMElement());
    expect(screen.getByText('2 parts')).toBeInTheDocument();
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

  it('filters by condition, and cards say a condition other than new', async () => {
    const router = renderAt('/parts');
    await screen.findByText('14 parts');
    const fan2 = screen.getByRole('heading', { name: 'Cooling Fan 2' }).closest('article')!;
    expect(within(fan2).getByText('Refurbished')).toBeInTheDocument();
    expect(
      within(screen.getByRole('heading', { name: 'Cooling Fan 1' }).closest('article')!).queryByText('New'),
    ).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Refurbished');
    expect(search(router)).toBe('?condition=refurbished');
    expect(await screen.findByText('1 part')).toBeInTheDocument();
  });

  it('offers a chosen category’s specs as boxes with counts, kept in the address', async () => {
    const router = renderAt('/parts?category=cooling');
    const gpu = await screen.findByRole('group', { name: 'For discrete graphics' });
    expect(within(gpu).getByLabelText('Yes (1)')).not.toBeChecked();
    expect(within(gpu).getByLabelText('No (1)')).not.toBeChecked();
    await userEvent.click(within(gpu).getByLabelText('Yes (1)'));
    expect(search(router)).toBe('?category=cooling&spec.discreteGpu=true');
    expect(await screen.findByText('1 part')).toBeInTheDocument();
    expect(within(gpu).getByLabelText('Yes (1)')).toBeChecked();
    expect(requests).toContain('/api/part/facets?category=cooling&spec.discreteGpu=true');
    // Another category has other specs: the filter goes with the category.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'other-parts');
    expect(search(router)).toBe('?category=other-parts');
  });

  it('offers no spec boxes without a category', async () => {
    renderAt('/parts');
    await screen.findByText('14 parts');
    expect(screen.queryByRole('group')).toBeNull();
    expect(partRequests().filter((request) => request.startsWith('/api/part/facets'))).toEqual([]);
  });
});

describe('/parts and the shopper’s laptop', () => {
  const fitNotes = () => screen.queryAllByText('Fits your laptop');

  it('offers a picker without a laptop; choosing one keeps the parts that fit it', async () => {
    const router = renderAt('/parts');
    await screen.findByText('14 parts');
    expect(screen.queryByLabelText(/^Only parts that fit/)).toBeNull();
    await userEvent.type(screen.getByLabelText('Your laptop model'), 't48');
    await userEvent.click(await screen.findByRole('button', { name: /^Lenovo ThinkPad T480/ }));
    expect(search(router)).toBe(`?fits=${T480.slug}`);
    expect(JSON.parse(localStorage.getItem('my-laptop')!)).toEqual(T480);
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(screen.getByLabelText('Only parts that fit my Lenovo ThinkPad T480')).toBeChecked();
    expect(screen.queryByLabelText('Your laptop model')).toBeNull();
    // Every part the filter keeps fits: nothing more to ask.
    await waitFor(() => expect(fitNotes()).toHaveLength(2));
    expect(requests.filter((request) => request.includes('/fitting-parts'))).toEqual([]);
  });

  it('with a laptop chosen, says which cards fit (one request per page of cards) and can keep only those', async () => {
    localStorage.setItem('my-laptop', JSON.stringify(T480));
    const router = renderAt('/parts?sort=name');
    await screen.findByText('14 parts');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    await waitFor(() => expect(fitNotes()).toHaveLength(2));
    const fitting = requests.filter((request) => request.includes('/fitting-parts'));
    expect(fitting).toHaveLength(1);
    expect(new URL(fitting[0]!, 'http://shop.test').searchParams.get('ids')!.split(',')).toHaveLength(12);
    expect(
      within(screen.getByRole('heading', { name: 'Cooling Fan 1' }).closest('article')!).getByText(
        'Fits your laptop',
      ),
    ).toBeInTheDocument();
    const onlyFitting = screen.getByLabelText('Only parts that fit my Lenovo ThinkPad T480');
    expect(onlyFitting).not.toBeChecked();
    await userEvent.click(onlyFitting);
    expect(search(router)).toBe(`?sort=name&fits=${T480.slug}`);
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Only parts that fit my Lenovo ThinkPad T480'));
    expect(search(router)).toBe('?sort=name');
  });
});
