import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fit } from '#shared/contracts/laptop.ts';
import type { PartDetail } from '#shared/contracts/part.ts';
import type { PartReview } from '#shared/contracts/part-review.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { ProductRoute } from './product';

const T480 = { slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' };
const X1 = { slug: 'lenovo-thinkpad-x1-carbon-6', name: 'Lenovo ThinkPad X1 Carbon Gen 6' };
const customer: SessionUser = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'customer',
  emailVerified: true,
  twoFactorEnabled: false,
};

const battery = (fits: Fit[]): PartDetail => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'ThinkPad Battery 24Wh',
  img: '/images/parts/battery.webp',
  price: 59,
  priceCents: 5900,
  minquantity: 1,
  avaquantity: 8,
  description: 'An internal battery.',
  category: 'batteries-power',
  partNumbers: ['01AV421', 'SB10K97576'],
  condition: 'refurbished',
  warrantyMonths: 6,
  rating: { average: 4.5, count: 2 },
  specs: { voltage: 11.46, capacityWh: 24, cells: 3 },
  fits,
});

let part: PartDetail;
let user: SessionUser | null;
/** The bodies of PUT /api/cart/items/:id, in order. */
let added: unknown[] = [];
/** Further answers by method and path (`POST /api/part/…/notify`), and the bodies sent to them. */
let answers: Record<string, () => Response> = {};
let sent: { route: string; body: unknown }[] = [];

function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[route];
    if (answer) {
      sent.push({ route, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }
    if (url.pathname === '/api/session') return Response.json({ user });
    if (url.pathname === '/api/categories')
      return Response.json([{ slug: 'batteries-power', name: 'Batteries & Power', count: 3 }]);
    if (url.pathname === `/api/part/${part._id}`) return Response.json(part);
    if (url.pathname === '/api/cart' && (init?.method ?? 'GET') === 'GET')
      return Response.json({ items: [], total: 0, totalCents: 0, count: 0 });
    if (url.pathname === `/api/cart/items/${part._id}` && init?.method === 'PUT') {
      added.push(JSON.parse(String(init.body)));
      return Response.json({ items: [], total: 59, totalCents: 5900, count: 1 });
    }
    return Response.json({ error: { code: 'not_found', message: 'No such thing.' } }, { status: 404 });
  });
}

function renderPart(search = '') {
  const router = createMemoryRouter(
    [
      { path: '/parts/:id', element: <ProductRoute /> },
      { path: '/purchase/:id', element: <p>The purchase page</p> },
    ],
    { initialEntries: [`/parts/${part._id}${search}`] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const chooseLaptop = (laptop: { slug: string; name: string }) =>
  localStorage.setItem('my-laptop', JSON.stringify(laptop));

beforeEach(() => {
  part = battery([
    { ...T480, note: 'Not the 72Wh external battery' },
    { ...X1, note: null },
  ]);
  user = null;
  added = [];
  answers = {};
  sent = [];
  localStorage.clear();
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

describe('a part’s page', () => {
  it('shows its part numbers, condition and warranty, specs and the laptops it fits', async () => {
    renderPart();
    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
    expect(screen.getByTestId('condition')).toHaveTextContent('Refurbished · 6-month warranty');
    expect(screen.getByTestId('part-numbers')).toHaveTextContent('01AV421, SB10K97576');
    const specs = screen.getByRole('table');
    expect(
      within(specs)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Capacity24 Wh', 'Voltage11.46 V', 'Cells3']);
    const laptops = screen.getByRole('region', { name: 'Compatible laptops' });
    expect(within(laptops).getByRole('link', { name: T480.name })).toHaveAttribute(
      'href',
      `/laptops/${T480.slug}`,
    );
    expect(within(laptops).getByText('(Not the 72Wh external battery)')).toBeInTheDocument();
    // No laptop chosen: nothing said about fitting it.
    expect(screen.queryByTestId('fit-notice')).toBeNull();
  });

  it('says the part fits the shopper’s laptop, with the fit’s note', async () => {
    chooseLaptop(T480);
    renderPart();
    const notice = await screen.findByTestId('fit-notice');
    expect(notice).toHaveTextContent('Fits your Lenovo ThinkPad T480');
    expect(notice).toHaveTextContent('Note: Not the 72Wh external battery');
  });

  it('says the part is not listed for the shopper’s laptop, and what to compare', async () => {
    chooseLaptop({ slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' });
    renderPart();
    const notice = await screen.findByTestId('fit-notice');
    expect(notice).toHaveTextContent('Not listed for your Dell XPS 13 9370');
    expect(notice).toHaveTextContent(
      'compare the part number on your old part with this part’s numbers, and the full model number on the label underneath your laptop',
    );
  });

  it('searches its laptops once there are more than 20', async () => {
    const many = Array.from({ length: 25 }, (_, n) => ({
      slug: `book-${n}`,
      name: `Testbook ${n}${n === 7 ? ' Pro' : ''}`,
      note: null,
    }));
    part = battery(many);
    renderPart();
    const laptops = await screen.findByRole('region', { name: 'Compatible laptops' });
    expect(within(laptops).getAllByRole('listitem')).toHaveLength(25);
    await userEvent.type(within(laptops).getByLabelText('Search these laptops'), 'testbook 7 pro');
    expect(
      within(laptops)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Testbook 7 Pro']);
    expect(within(laptops).getByRole('status')).toHaveTextContent('1 of 25 models');
  });

  it('has no search for a few laptops', async () => {
    renderPart();
    const laptops = await screen.findByRole('region', { name: 'Compatible laptops' });
    expect(within(laptops).queryByLabelText('Search these laptops')).toBeNull();
  });
});

describe('buying a part for the shopper’s laptop', () => {
  const notListed = () => screen.findByRole('dialog', { name: 'Not listed for your Dell XPS 13 9370' });

  beforeEach(() => {
    user = customer;
  });

  it('asks before adding a part not listed for it: Cancel adds nothing, Add anyway adds it for the laptop', async () => {
    chooseLaptop({ slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' });
    renderPart();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(
      await within(await notListed()).findByText(
        'This part is not listed for your Dell XPS 13 9370. Add it anyway?',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(await notListed()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(added).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await userEvent.click(within(await notListed()).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(added).toEqual([{ quantity: 1, laptop: 'dell-xps-13-9370' }]));
  });

  it('adds a part listed for it at once, for the laptop', async () => {
    chooseLaptop(T480);
    renderPart();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(added).toEqual([{ quantity: 1, laptop: T480.slug }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before Purchase Now of a part not listed for it', async () => {
    chooseLaptop({ slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' });
    const router = renderPart();
    await userEvent.click(await screen.findByRole('link', { name: 'Purchase Now' }));
    expect(
      within(await notListed()).getByText(
        'This part is not listed for your Dell XPS 13 9370. Buy it anyway?',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/parts/${part._id}`);
    await userEvent.click(within(await notListed()).getByRole('button', { name: 'Buy anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchase/${part._id}`));
  });

  it('adds without asking when no laptop is chosen', async () => {
    renderPart();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(added).toEqual([{ quantity: 1 }]));
  });
});

const review = (change: Partial<PartReview> = {}): PartReview => ({
  _id: 'r1',
  partId: '00000000-0000-4000-8000-000000000001',
  rating: 5,
  text: 'Lasts the whole day again.',
  laptop: T480,
  author: 'Ben B.',
  verifiedBuyer: true,
  hidden: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...change,
});

describe('a part’s reviews', () => {
  const reviewsRoute = () => `GET /api/part/${part._id}/reviews`;

  it('shows the rating and its buyers’ reviews, each a Verified buyer with the laptop it fitted', async () => {
    answers[reviewsRoute()] = () =>
      Response.json([review(), review({ _id: 'r2', rating: 4, laptop: null, author: 'Cy D.' })], {
        headers: { 'x-total-count': '2' },
      });
    renderPart();
    const reviews = await screen.findByRole('region', { name: 'Reviews' });
    expect(within(reviews).getByTestId('rating')).toHaveTextContent('4.5 out of 5 · 2 reviews');
    const items = await within(reviews).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Verified buyer');
    expect(items[0]).toHaveTextContent('Fitted my Lenovo ThinkPad T480');
    expect(items[0]).toHaveTextContent('Ben B. · Nov 20, 2026');
    expect(items[1]).not.toHaveTextContent('Fitted my');
    // The part's own rating, beside its price.
    expect(screen.getAllByTestId('rating')[0]).toHaveTextContent('4.5 out of 5 · 2 reviews');
  });

  it('lets a customer who received the part review it, the laptop of their order offered first', async () => {
    user = customer;
    answers[reviewsRoute()] = () => Response.json([], { headers: { 'x-total-count': '0' } });
    answers[`GET /api/part/${part._id}/reviews/mine`] = () =>
      Response.json({ canReview: true, review: null, orderedFor: X1 });
    answers[`POST /api/part/${part._id}/reviews`] = () => Response.json(review(), { status: 201 });
    renderPart();
    const form = await screen.findByRole('form', { name: 'Your review' });
    expect(within(form).getByLabelText('Fitted my laptop (optional)')).toHaveValue(X1.slug);
    await userEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5 stars')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Your review'), 'Fits and holds a charge.');
    await userEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    await waitFor(() =>
      expect(sent.find((call) => call.route.startsWith('POST'))?.body).toEqual({
        rating: 4,
        text: 'Fits and holds a charge.',
        laptop: X1.slug,
      }),
    );
  });

  it('tells a customer who has not received the part that they can review it once it has', async () => {
    user = customer;
    answers[reviewsRoute()] = () => Response.json([], { headers: { 'x-total-count': '0' } });
    answers[`GET /api/part/${part._id}/reviews/mine`] = () =>
      Response.json({ canReview: false, review: null, orderedFor: null });
    renderPart();
    expect(
      await screen.findByText('Once this part has reached you, you can review it here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your review' })).toBeNull();
  });
});

describe('a part out of stock', () => {
  beforeEach(() => {
    part = { ...battery([]), avaquantity: 0 };
    answers[`GET /api/part/${part._id}/reviews`] = () =>
      Response.json([], { headers: { 'x-total-count': '0' } });
  });

  it('asks a visitor for an address to tell when it is back', async () => {
    answers[`POST /api/part/${part._id}/notify`] = () =>
      Response.json(
        { status: 'confirmation_sent', message: 'Check your inbox at ada@example.com: open the link.' },
        { status: 202 },
      );
    renderPart();
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Your email'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox at ada@example.com');
    expect(sent.at(-1)).toEqual({
      route: `POST /api/part/${part._id}/notify`,
      body: { email: 'ada@example.com' },
    });
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('puts a customer on the list in one click, and off it again', async () => {
    user = customer;
    let subscribed = false;
    answers[`GET /api/part/${part._id}/notify`] = () => Response.json({ subscribed });
    answers[`POST /api/part/${part._id}/notify`] = () => {
      subscribed = true;
      return Response.json(
        { status: 'subscribed', message: 'We will email ada@example.com once, when it is back.' },
        { status: 201 },
      );
    };
    answers[`DELETE /api/part/${part._id}/notify`] = () => {
      subscribed = false;
      return new Response(null, { status: 204 });
    };
    renderPart();
    // The button waits for the answer to whether they already wait for it.
    const notifyMe = await screen.findByRole('button', { name: "Notify me when it's back" });
    await waitFor(() => expect(notifyMe).toBeEnabled());
    await userEvent.click(notifyMe);
    expect(
      await screen.findByText('We will email ada@example.com once, when it is back.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Do not notify me' }));
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument();
  });

  it('carries out a mailed link once, says what it did, and drops the token from the address', async () => {
    answers['POST /api/stock-alerts/confirm'] = () =>
      Response.json({
        part: { _id: part._id, name: part.name },
        inStock: false,
        message: `Confirmed: we will email you once, when ${part.name} is back.`,
      });
    const router = renderPart('?alert=confirm&token=abc.def');
    expect(
      await screen.findByText(`Confirmed: we will email you once, when ${part.name} is back.`),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.route === 'POST /api/stock-alerts/confirm')).toEqual([
      { route: 'POST /api/stock-alerts/confirm', body: { token: 'abc.def' } },
    ]);
    expect(router.state.location.search).toBe('');
  });
});
