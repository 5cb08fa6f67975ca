import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '#shared/contracts/category.ts';
import { ManageCategories } from './manage-categories';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

let categories: Category[];
let sent: { method: string; path: string; body?: unknown }[];

/** The network edge: the categories API as the server answers it. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    if (method === 'GET') return Response.json(categories);
    if (method === 'POST') {
      if (body.name === 'Cooling')
        return Response.json(
          {
            error: {
              code: 'category_exists',
              message: 'A category with the address "cooling" already exists.',
              fields: { slug: 'Already used by another category' },
            },
          },
          { status: 409 },
        );
      const created = { slug: 'adapters', name: body.name, count: 0 };
      categories = [...categories, created];
      return Response.json(created, { status: 201 });
    }
    const slug = path.split('/').pop()!;
    if (method === 'PATCH') {
      categories = categories.map((category) =>
        category.slug === slug ? { ...category, name: body.name } : category,
      );
      return Response.json(categories.find((category) => category.slug === slug));
    }
    const held = categories.find((category) => category.slug === slug)!.count;
    if (held > 0)
      return Response.json(
        {
          error: {
            code: 'category_not_empty',
            message: `This category still holds ${held} parts: move them to another category first.`,
          },
        },
        { status: 409 },
      );
    categories = categories.filter((category) => category.slug !== slug);
    return Response.json({ deleted: true });
  });
}

beforeEach(() => {
  categories = [
    { slug: 'cooling', name: 'Cooling', count: 2 },
    { slug: 'spare', name: 'Spare', count: 0 },
  ];
  sent = [];
  fakeApi();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageCategories />
    </QueryClientProvider>,
  );
});
afterEach(() => vi.restoreAllMocks());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Manage Categories', () => {
  it('lists each category with its address and number of parts', async () => {
    expect(await screen.findByRole('cell', { name: 'Cooling' })).toBeInTheDocument();
    expect(within(row('Cooling')).getByText('cooling')).toBeInTheDocument();
    expect(within(row('Cooling')).getByRole('cell', { name: '2' })).toBeInTheDocument();
  });

  it('adds a category, and says why one is refused', async () => {
    await screen.findByRole('cell', { name: 'Cooling' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Name'), 'Cooling');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('A category with the address "cooling" already exists.')).toBeVisible();

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), '  Adapters ');
    await userEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByRole('cell', { name: 'Adapters' })).toBeInTheDocument();
    expect(sent).toContainEqual({ method: 'POST', path: '/api/categories', body: { name: 'Adapters' } });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('renames a category in its row; the address stays', async () => {
    await screen.findByRole('cell', { name: 'Cooling' });
    await userEvent.click(screen.getByRole('button', { name: 'Rename Cooling' }));
    const box = screen.getByLabelText('New name for Cooling');
    await waitFor(() => expect(box).toHaveFocus());
    await userEvent.clear(box);
    await userEvent.type(box, 'Cooling & Thermal{Enter}');
    expect(await screen.findByRole('cell', { name: 'Cooling & Thermal' })).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      path: '/api/categories/cooling',
      body: { name: 'Cooling & Thermal' },
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Rename Cooling & Thermal' })).toHaveFocus(),
    );
  });

  it('keeps an empty new name from being sent, and says why under the box', async () => {
    await screen.findByRole('cell', { name: 'Cooling' });
    await userEvent.click(screen.getByRole('button', { name: 'Rename Cooling' }));
    const box = screen.getByLabelText('New name for Cooling');
    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('asks before deleting, and shows why a category with parts cannot go', async () => {
    await screen.findByRole('cell', { name: 'Cooling' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Cooling' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This category still holds 2 parts: move them to another category first.',
    );
    expect(screen.getByRole('cell', { name: 'Cooling' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Spare' }));
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Spare' })).toBeNull());
  });
});
