import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/contracts/profile.ts';
import type { SessionUser } from '#shared/contracts/session.ts';
import { RootLayout } from './root-layout';

const T480 = { slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' };
const XPS = { slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' };
const customer: SessionUser = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'customer',
  emailVerified: true,
  twoFactorEnabled: false,
};

/** The account signed in (none: a visitor) and its profile as the server holds it. */
let user: SessionUser | null = null;
let profile: Profile;
/** The bodies of POST /api/profile, in order. */
let saved: unknown[] = [];

function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname === '/api/session') return Response.json({ user });
    if (url.pathname === '/api/cart') return Response.json({ items: [], total: 0, totalCents: 0, count: 0 });
    if (url.pathname === '/api/profile' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { laptop: string | null };
      saved.push(body);
      if (body.laptop === 'removed-model')
        return Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'There is no laptop model "removed-model".',
              fields: { laptop: 'Choose one of the shop’s laptop models' },
            },
          },
          { status: 400 },
        );
      profile = { ...profile, laptop: [T480, XPS].find((model) => model.slug === body.laptop) ?? null };
      return Response.json(profile);
    }
    if (url.pathname === '/api/profile') return Response.json(profile);
    return Response.json({ error: { code: 'not_found', message: 'No such thing.' } }, { status: 404 });
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <main id="main">Home</main> },
          { path: '/blog', element: <main id="main">Blog</main> },
          { path: '/laptops', element: <main id="main">Find your laptop</main> },
        ],
      },
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

const myLaptop = () => screen.queryByTestId('my-laptop');
const stored = () => JSON.parse(localStorage.getItem('my-laptop') ?? 'null');

beforeEach(() => {
  user = null;
  profile = { email: customer.email, name: 'Ada', address: '', location: '', phone: '', laptop: null };
  saved = [];
  localStorage.clear();
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

describe('the header’s My laptop', () => {
  it('shows the laptop chosen in this browser on every page, linking to its parts', async () => {
    localStorage.setItem('my-laptop', JSON.stringify(T480));
    const router = renderAt('/');
    expect(myLaptop()).toHaveTextContent('My laptop: Lenovo ThinkPad T480');
    expect(within(myLaptop()!).getByRole('link', { name: 'Lenovo ThinkPad T480' })).toHaveAttribute(
      'href',
      '/laptops/lenovo-thinkpad-t480',
    );
    await router.navigate('/blog');
    await waitFor(() => expect(screen.getByRole('main')).toHaveTextContent('Blog'));
    expect(myLaptop()).toHaveTextContent('My laptop: Lenovo ThinkPad T480');
    // Visitors have no profile to read.
    expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).not.toContain('/api/profile');
  });

  it('says nothing of a laptop when none is chosen', async () => {
    renderAt('/');
    await screen.findByRole('link', { name: 'Login' });
    expect(myLaptop()).toBeNull();
  });

  it('changes the laptop in the finder, and clears it', async () => {
    localStorage.setItem('my-laptop', JSON.stringify(T480));
    const router = renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Change my laptop' }));
    expect(router.state.location.pathname).toBe('/laptops');
    await userEvent.click(screen.getByRole('button', { name: 'Clear my laptop' }));
    await waitFor(() => expect(myLaptop()).toBeNull());
    expect(stored()).toBeNull();
    expect(saved).toEqual([]);
  });

  it('brings a customer’s choice from the profile to a browser that had none (another device)', async () => {
    user = customer;
    profile.laptop = XPS;
    renderAt('/');
    await waitFor(() => expect(myLaptop()).toHaveTextContent('My laptop: Dell XPS 13 9370'));
    expect(stored()).toEqual(XPS);
    expect(saved).toEqual([]);
  });

  it('shows the profile’s choice over an older one in this browser', async () => {
    user = customer;
    profile.laptop = XPS;
    localStorage.setItem('my-laptop', JSON.stringify(T480));
    renderAt('/');
    await waitFor(() => expect(myLaptop()).toHaveTextContent('My laptop: Dell XPS 13 9370'));
    expect(saved).toEqual([]);
  });

  it('saves a choice made before signing in to a profile that has none', async () => {
    user = customer;
    localStorage.setItem('my-laptop', JSON.stringify(T480));
    renderAt('/');
    await waitFor(() => expect(saved).toEqual([{ laptop: T480.slug }]));
    expect(myLaptop()).toHaveTextContent('My laptop: Lenovo ThinkPad T480');
  });

  it('forgets a choice the shop no longer knows when the profile refuses it', async () => {
    user = customer;
    localStorage.setItem('my-laptop', JSON.stringify({ slug: 'removed-model', name: 'Gone Book 1' }));
    renderAt('/');
    await waitFor(() => expect(saved).toEqual([{ laptop: 'removed-model' }]));
    await waitFor(() => expect(myLaptop()).toBeNull());
    expect(stored()).toBeNull();
  });

  it('clears a customer’s laptop on the profile too', async () => {
    user = customer;
    profile.laptop = T480;
    renderAt('/');
    await waitFor(() => expect(myLaptop()).toHaveTextContent('Lenovo ThinkPad T480'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear my laptop' }));
    await waitFor(() => expect(saved).toEqual([{ laptop: null }]));
    expect(myLaptop()).toBeNull();
    expect(stored()).toBeNull();
  });
});
