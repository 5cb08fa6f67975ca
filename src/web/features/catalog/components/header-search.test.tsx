import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '#shared/contracts/suggestions.ts';
import { HeaderSearch } from './header-search';

const SUGGESTED: Suggestions = {
  parts: [
    { _id: '00000000-0000-4000-8000-000000000001', name: 'ThinkPad T480 Battery 72Wh' },
    { _id: '00000000-0000-4000-8000-000000000002', name: 'ThinkPad T480 Keyboard <US>' },
  ],
  categories: [{ slug: 'batteries-power', name: 'Batteries & Power' }],
  laptops: [{ slug: 'lenovo-thinkpad-t480', name: 'Lenovo ThinkPad T480' }],
};

/** What /api/suggestions was asked, and whether each request was cancelled. */
let asked: { q: string; signal: AbortSignal | undefined }[] = [];

beforeEach(() => {
  asked = [];
  // The network edge: /api/suggestions answers SUGGESTED for words with "t4", nothing otherwise.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const q = url.searchParams.get('q') ?? '';
    asked.push({ q, signal: init?.signal ?? undefined });
    const found = q.includes('t4') ? SUGGESTED : { parts: [], categories: [], laptops: [] };
    return Response.json(found);
  });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function renderAt(path: string) {
  const onSearch = vi.fn();
  const router = createMemoryRouter([{ path: '*', element: <HeaderSearch onSearch={onSearch} /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, onSearch, box: screen.getByRole('combobox', { name: 'Search parts' }) };
}

const where = (router: ReturnType<typeof renderAt>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('Header search', () => {
  it('searches the parts from any page, an empty search going to the whole catalogue', async () => {
    const { router, box, onSearch } = renderAt('/blog');
    expect(box).toHaveAttribute('name', 'q');
    expect(box.closest('form')).toHaveAttribute('action', '/parts');
    await userEvent.type(box, '  usb c dock {Enter}');
    expect(where(router)).toBe('/parts?q=usb+c+dock');
    expect(onSearch).toHaveBeenCalled();
    await router.navigate('/');
    await userEvent.clear(box);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(where(router)).toBe('/parts');
  });

  it('shows the search on screen on /parts, and nothing elsewhere', async () => {
    const { router, box } = renderAt('/parts?q=ssd');
    expect(box).toHaveValue('ssd');
    await router.navigate('/parts?q=fan');
    await waitFor(() => expect(box).toHaveValue('fan'));
    await router.navigate('/blog');
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('offers parts, categories and laptops while typing, as a combobox, once typing pauses', async () => {
    const { box } = renderAt('/');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(box.getAttribute('aria-controls')!)!;
    expect(list).toHaveAttribute('role', 'listbox');
    await userEvent.type(box, 't480');
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // One request for the words once typing paused, none for a single letter.
    expect(asked.map((request) => request.q)).toEqual(['t480']);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(3);
    expect(
      groups.map((group) => document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Parts', 'Categories', 'Laptops']);
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'ThinkPad T480 Battery 72Wh',
      'ThinkPad T480 Keyboard <US>',
      'Batteries & Power',
      'Lenovo ThinkPad T480',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('4 suggestions');
  });

  it('moves through the options with the arrows and opens the chosen one with Enter', async () => {
    const { router, box } = renderAt('/');
    await userEvent.type(box, 't480');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await userEvent.keyboard('{Enter}');
    expect(where(router)).toBe('/parts?category=batteries-power');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('');
  });

  it('opens a laptop’s page or a part’s page; Enter with none chosen still searches the words', async () => {
    const { router, box } = renderAt('/');
    await userEvent.type(box, 't480');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(where(router)).toBe('/laptops/lenovo-thinkpad-t480');
    await userEvent.type(box, 't480');
    await userEvent.click(await screen.findByRole('option', { name: 'ThinkPad T480 Keyboard <US>' }));
    expect(where(router)).toBe('/parts/00000000-0000-4000-8000-000000000002');
    await userEvent.type(box, 't480 fan');
    await userEvent.keyboard('{Enter}');
    expect(where(router)).toBe('/parts?q=t480+fan');
  });

  it('closes with Escape, keeping what was typed, and opens again with the arrows', async () => {
    const { box } = renderAt('/');
    await userEvent.type(box, 't480');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('t480');
    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
  });

  it('cancels a request whose words were typed past', async () => {
    const { box } = renderAt('/');
    // The first answer never comes: the next words supersede it.
    vi.mocked(fetch).mockImplementationOnce(
      (input, init) =>
        new Promise((_, reject) => {
          asked.push({
            q: new URL(String(input), 'http://shop.test').searchParams.get('q')!,
            signal: init?.signal ?? undefined,
          });
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    await userEvent.type(box, 'xps');
    await waitFor(() => expect(asked).toHaveLength(1));
    await userEvent.type(box, ' t480');
    await screen.findByRole('listbox');
    expect(asked.map((request) => request.q)).toEqual(['xps', 'xps t480']);
    expect(asked[0]!.signal?.aborted).toBe(true);
  });
});
