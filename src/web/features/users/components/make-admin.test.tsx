import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '#shared/contracts/user.ts';
import { USERS_PAGE_SIZE } from '#shared/page-sizes.ts';
import { MakeAdmin } from './make-admin';

const ACCOUNTS = 51;
const account = (number: number): UserRow => ({
  _id: `id-${number}`,
  email: `user${number}@example.com`,
  name: `User ${number}`,
  role: 'customer',
});

/** The shop's answers, as its API gives them: the accounts a page at a time, and an empty audit log. */
function answerAsTheShop() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/user') {
      const page = Number(url.searchParams.get('page'));
      const first = (page - 1) * USERS_PAGE_SIZE + 1;
      const last = Math.min(page * USERS_PAGE_SIZE, ACCOUNTS);
      const users = Array.from({ length: last - first + 1 }, (_, index) => account(first + index));
      return Response.json(users, { headers: { 'x-total-count': String(ACCOUNTS) } });
    }
    return Response.json([]);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Make Admin', () => {
  it('reaches every account a page at a time, numbered across the pages', async () => {
    const fetch = answerAsTheShop();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MakeAdmin currentEmail="admin@example.com" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('user50@example.com')).toBeInTheDocument();
    expect(screen.queryByText('user51@example.com')).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const row = (await screen.findByText('user51@example.com')).closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('51');
    expect(within(row).getByRole('button', { name: 'Make Admin user51@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => String(input))).toContain(
      `/api/user?page=2&limit=${USERS_PAGE_SIZE}`,
    );
  });
});

describe('Make Admin after a while signed in', () => {
  it('asks for the password when the shop wants it again, proves it, then does what was asked', async () => {
    const calls: string[] = [];
    let proven = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      if (url.pathname === '/api/user')
        return Response.json([account(7)], { headers: { 'x-total-count': '1' } });
      if (url.pathname === '/api/session/reauthenticate') {
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        if (password !== 'my real password')
          return Response.json(
            { error: { code: 'validation_failed', message: 'That password is not right.' } },
            { status: 400 },
          );
        proven = true;
        return new Response(null, { status: 204 });
      }
      if (url.pathname.startsWith('/api/user/admin/')) {
        if (!proven)
          return Response.json(
            {
              error: {
                code: 'reauthentication_required',
                message: 'Enter your password again to continue: you signed in more than 10 minutes ago.',
              },
            },
            { status: 403 },
          );
        return Response.json({ modifiedCount: 1 });
      }
      return Response.json([]);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MakeAdmin currentEmail="admin@example.com" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Make Admin user7@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make this account an admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    const password = await within(dialog).findByLabelText('Your password');

    await userEvent.type(password, 'a wrong guess');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'my real password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make Admin' }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call === 'PUT /api/user/admin/user7%40example.com')).toHaveLength(2),
    );
    expect(calls).toContain('POST /api/session/reauthenticate');
  });
});
