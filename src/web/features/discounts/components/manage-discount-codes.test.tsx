import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DiscountCode } from '#shared/contracts/discount-code.ts';
import { notify } from '#web/lib/notify.tsx';
import { ManageDiscountCodes } from './manage-discount-codes';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const CATEGORIES = [
  { slug: 'screens', name: 'Screens & Displays', count: 3 },
  { slug: 'cooling', name: 'Cooling', count: 2 },
];

const code = (fields: Partial<DiscountCode> & Pick<DiscountCode, 'code'>): DiscountCode => ({
  kind: 'percent',
  value: 10,
  minSubtotalCents: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  oncePerCustomer: false,
  categories: [],
  active: true,
  ...fields,
});

let codes: DiscountCode[];
let sent: { method: string; path: string; body?: unknown }[];
let failList: boolean;

const problem = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  Response.json({ error: { code, message, ...(fields && { fields }) } }, { status });

/** The network edge: the discounts API as the server answers it. */
function fakeApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, ...(body !== undefined && { body }) });
    if (path === '/api/categories') return Response.json(CATEGORIES);
    if (method === 'GET') {
      if (failList) return problem(503, 'service_unavailable', 'The shop is briefly unavailable.');
      return Response.json(codes, { headers: { 'x-total-count': String(codes.length) } });
    }
    if (method === 'POST') {
      if (codes.some((existing) => existing.code.toLowerCase() === body.code.toLowerCase()))
        return problem(409, 'discount_code_exists', 'A code with this name already exists', {
          code: 'A code with this name already exists',
        });
      const created = code(body);
      codes = [created, ...codes];
      return Response.json(created, { status: 201 });
    }
    const name = decodeURIComponent(path.split('/').pop()!);
    const current = codes.find((existing) => existing.code === name)!;
    if (method === 'PATCH') {
      if (body.maxUses !== undefined && body.maxUses !== null && body.maxUses < current.uses)
        return problem(400, 'validation_failed', 'Maximum uses cannot be below the 3 uses already counted', {
          maxUses: 'Maximum uses cannot be below the 3 uses already counted',
        });
      Object.assign(current, body);
      return Response.json(current);
    }
    if (current.uses > 0) {
      current.active = false;
      return Response.json({
        code: name,
        deleted: false,
        deactivated: true,
        message: `${name} was already used, so it was deactivated rather than deleted.`,
      });
    }
    codes = codes.filter((existing) => existing !== current);
    return new Response(null, { status: 204 });
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManageDiscountCodes />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  codes = [
    code({ code: 'WELCOME10' }),
    code({
      code: 'FIVEOFF',
      kind: 'amount',
      value: 500,
      minSubtotalCents: 5000,
      maxUses: 5,
      uses: 3,
      oncePerCustomer: true,
      categories: ['screens'],
      active: false,
    }),
  ];
  sent = [];
  failList = false;
  fakeApi();
});
afterEach(() => vi.restoreAllMocks());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('Discount codes', () => {
  it('lists each code with what it takes off, its minimum, uses, categories and state', async () => {
    renderPage();
    expect(await screen.findByRole('cell', { name: 'WELCOME10' })).toBeInTheDocument();
    const welcome = within(row('WELCOME10'));
    expect(welcome.getByRole('cell', { name: '10 %' })).toBeInTheDocument();
    expect(welcome.getByRole('cell', { name: 'None' })).toBeInTheDocument();
    expect(welcome.getByRole('cell', { name: 'All parts' })).toBeInTheDocument();
    expect(welcome.getByText('Active')).toBeInTheDocument();
    const five = within(row('FIVEOFF'));
    expect(five.getByRole('cell', { name: '$5.00 off' })).toBeInTheDocument();
    expect(five.getByRole('cell', { name: '$50.00' })).toBeInTheDocument();
    expect(five.getByRole('cell', { name: '3 / 5' })).toBeInTheDocument();
    expect(five.getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(five.getByRole('cell', { name: 'Screens & Displays' })).toBeInTheDocument();
    expect(five.getByText('Inactive')).toBeInTheDocument();
    expect(five.getByRole('button', { name: 'Activate FIVEOFF' })).toBeInTheDocument();
  });

  it('says when there are no codes', async () => {
    codes = [];
    renderPage();
    expect(await screen.findByText('No discount codes yet.')).toBeInTheDocument();
  });

  it('says when the codes cannot be loaded', async () => {
    failList = true;
    renderPage();
    expect(await screen.findByText('The discount codes could not be loaded.')).toBeInTheDocument();
  });

  it('adds a code: dollars sent as cents, categories checked, the server’s refusal on its field', async () => {
    renderPage();
    await screen.findByRole('cell', { name: 'WELCOME10' });
    const form = screen.getByRole('form', { name: 'Add code' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await within(form).findByText('Percent is required')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Code'), 'welcome10');
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'amount');
    await userEvent.type(within(form).getByLabelText('Amount off ($)'), '7.50');
    await userEvent.type(within(form).getByLabelText('Minimum subtotal ($)'), '40');
    await userEvent.type(within(form).getByLabelText('Maximum uses'), '100');
    await userEvent.click(within(form).getByLabelText('Once per customer'));
    await userEvent.click(within(form).getByLabelText('Cooling'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    const codeBox = within(form).getByLabelText('Code');
    await waitFor(() => expect(codeBox).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText('A code with this name already exists')).toBeInTheDocument();

    await userEvent.clear(codeBox);
    await userEvent.type(codeBox, 'SPRING');
    await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await screen.findByRole('cell', { name: 'SPRING' })).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'POST',
      path: '/api/discounts',
      body: {
        code: 'SPRING',
        kind: 'amount',
        value: 750,
        minSubtotalCents: 4000,
        startsAt: null,
        endsAt: null,
        maxUses: 100,
        oncePerCustomer: true,
        categories: ['cooling'],
      },
    });
    expect(notify.success).toHaveBeenCalledWith('The code SPRING was added.');
    await waitFor(() => expect(codeBox).toHaveValue(''));
  });

  it('edits a code (never its name), and shows a use limit below its uses on that field', async () => {
    renderPage();
    await screen.findByRole('cell', { name: 'FIVEOFF' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit FIVEOFF' }));
    const form = screen.getByRole('form', { name: 'Edit FIVEOFF' });
    await waitFor(() => expect(within(form).getByLabelText('Kind')).toHaveFocus());
    expect(within(form).getByLabelText('Code')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Amount off ($)')).toHaveValue('5.00');
    expect(within(form).getByLabelText('Screens & Displays')).toBeChecked();

    const uses = within(form).getByLabelText('Maximum uses');
    await userEvent.clear(uses);
    await userEvent.type(uses, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save code' }));
    expect(
      await within(form).findByText('Maximum uses cannot be below the 3 uses already counted'),
    ).toBeVisible();

    await userEvent.clear(uses);
    await userEvent.clear(within(form).getByLabelText('Amount off ($)'));
    await userEvent.type(within(form).getByLabelText('Amount off ($)'), '6');
    await userEvent.click(within(form).getByRole('button', { name: 'Save code' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit FIVEOFF' })).toBeNull());
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/discounts/FIVEOFF',
      body: {
        kind: 'amount',
        value: 600,
        minSubtotalCents: 5000,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        oncePerCustomer: true,
        categories: ['screens'],
      },
    });
    expect(await within(row('FIVEOFF')).findByRole('cell', { name: '$6.00 off' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit FIVEOFF' })).toHaveFocus());
  });

  it('deactivates and activates a code', async () => {
    renderPage();
    await screen.findByRole('cell', { name: 'WELCOME10' });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate WELCOME10' }));
    expect(await within(row('WELCOME10')).findByText('Inactive')).toBeInTheDocument();
    expect(sent).toContainEqual({
      method: 'PATCH',
      path: '/api/discounts/WELCOME10',
      body: { active: false },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Activate WELCOME10' }));
    expect(await within(row('WELCOME10')).findByText('Active')).toBeInTheDocument();
  });

  it('asks before deleting; a used code is deactivated and the admin is told so', async () => {
    renderPage();
    await screen.findByRole('cell', { name: 'WELCOME10' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete FIVEOFF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete FIVEOFF?' });
    expect(dialog).toHaveTextContent(
      'FIVEOFF was already used, so it will be deactivated rather than deleted.',
    );
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate code' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'FIVEOFF was already used, so it was deactivated rather than deleted.',
      ),
    );
    expect(screen.getByRole('cell', { name: 'FIVEOFF' })).toBeInTheDocument();

    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete WELCOME10' }));
    await waitFor(() => expect(dialog).toHaveAttribute('open'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete code' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'WELCOME10' })).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('The code WELCOME10 was deleted.');
  });
});
