import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePageText } from '#shared/contracts/site-page.ts';
import { sitePageOf } from '#shared/site-pages.ts';
import { notify } from '#web/lib/notify.tsx';
import { EditSitePages } from './edit-site-pages';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

let texts: Record<string, SitePageText>;
let puts: { slug: string; body: unknown }[];

/** The network edge: each page's text, and saving one (a text "refuse me" is refused as the server would). */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const slug = new URL(String(input), 'http://shop.test').pathname.replace('/api/pages/', '');
    const page = sitePageOf(slug);
    if (!page)
      return Response.json({ error: { code: 'not_found', message: 'Page was not found.' } }, { status: 404 });
    if ((init?.method ?? 'GET') === 'GET')
      return Response.json(
        texts[slug] ?? { slug, title: page.title, body: `Default ${slug}.`, updatedAt: null },
      );
    const { body } = JSON.parse(String(init?.body));
    puts.push({ slug, body });
    if (body === 'refuse me')
      return Response.json(
        { error: { code: 'validation_failed', message: 'Check the text.', fields: { body: 'Text is odd' } } },
        { status: 400 },
      );
    texts[slug] = { slug, title: page.title, body, updatedAt: '2026-11-27T10:00:00.000Z' };
    return Response.json(texts[slug]);
  });
}

beforeEach(() => {
  texts = {};
  puts = [];
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

function renderEditor(at = '/dashboard/pages') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/dashboard/pages', element: <EditSitePages /> },
      { path: '/about', element: <h1>About page</h1> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const pageSelect = () => screen.getByLabelText('Page to edit');

describe('the editor of the shop’s pages', () => {
  it('opens About us, or the page the address names, and switches at once while nothing is changed', async () => {
    const router = renderEditor();
    expect(await screen.findByLabelText('Text of About us')).toHaveValue('Default about.');
    expect(screen.getByText('The shop’s default text: not saved yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.selectOptions(pageSelect(), 'returns');
    expect(await screen.findByLabelText('Text of Returns & warranty')).toHaveValue('Default returns.');
    expect(router.state.location.search).toBe('?page=returns');
  });

  it('asks before switching away from unsaved changes; Cancel keeps them, Discard changes drops them', async () => {
    renderEditor('/dashboard/pages?page=terms');
    const text = await screen.findByLabelText('Text of Terms of use');
    await userEvent.type(text, ' More.');
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    await userEvent.selectOptions(pageSelect(), 'Contact');
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(pageSelect()).toHaveValue('terms');
    expect(text).toHaveValue('Default terms. More.');
    await userEvent.selectOptions(pageSelect(), 'Contact');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );
    expect(await screen.findByLabelText('Text of Contact')).toHaveValue('Default contact.');
    expect(puts).toEqual([]);
  });

  it('asks before leaving for another page of the shop with unsaved changes', async () => {
    const router = renderEditor();
    await userEvent.type(await screen.findByLabelText('Text of About us'), '!');
    // The router learns of the question to ask in an effect, after the draw: as a person, wait a moment.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await userEvent.click(screen.getByRole('link', { name: 'View the page' }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/dashboard/pages');
    await userEvent.click(screen.getByRole('link', { name: 'View the page' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    expect(await screen.findByRole('heading', { name: 'About page' })).toBeInTheDocument();
  });

  it('saves the text, says so, and shows the server’s reason when it refuses', async () => {
    renderEditor('/dashboard/pages?page=returns');
    const text = await screen.findByLabelText('Text of Returns & warranty');
    await userEvent.clear(text);
    await userEvent.type(text, 'refuse me');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Text is odd')).toBeInTheDocument();
    await userEvent.clear(text);
    await userEvent.type(text, 'Thirty days.{enter}{enter}- keep the box');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Returns & warranty was saved.'));
    expect(puts.at(-1)).toEqual({ slug: 'returns', body: 'Thirty days.\n\n- keep the box' });
    expect(await screen.findByText(/^Last saved /)).toBeInTheDocument();
    expect(screen.queryByText('Text is odd')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
