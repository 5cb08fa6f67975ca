import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contracts/order.ts';
import type { Return } from '#shared/contracts/returns.ts';
import { OrderReturns } from './order-returns';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const line = (lineId: string, name: string, quantity: number, refundedQuantity = 0) => ({
  lineId,
  partId: `part-${lineId}`,
  name,
  unitPrice: 30,
  unitPriceCents: 3000,
  quantity,
  lineTotal: 30 * quantity,
  lineTotalCents: 3000 * quantity,
  discountCents: 0,
  taxCents: 0,
  refundedQuantity,
  forLaptop: { slug: 'lenovo-t480', name: 'Lenovo ThinkPad T480' },
});

/** A delivered order of two lines, `deliveredDaysAgo` days ago. */
const deliveredOrder = (
  deliveredDaysAgo: number,
  lines = [line('battery', 'Battery', 2), line('fan', 'Fan', 1)],
) =>
  ({
    _id: 'order-1',
    number: 'RTP-100001',
    status: 'delivered',
    lines,
    timeline: [
      { status: 'paid', at: daysAgo(deliveredDaysAgo + 3), note: null },
      { status: 'delivered', at: daysAgo(deliveredDaysAgo), note: null },
    ],
  }) as unknown as Order;

const requested = (quantity: number): Return => ({
  id: 'return-1',
  number: 'RET-100001',
  orderId: 'order-1',
  orderNumber: 'RTP-100001',
  buyerEmail: 'bea@example.com',
  buyerName: 'Bea Buyer',
  status: 'requested',
  reason: 'doesnt_fit',
  note: null,
  rejectReason: null,
  lines: [
    {
      lineId: 'battery',
      partId: 'part-battery',
      name: 'Battery',
      quantity,
      restock: null,
      forLaptop: { slug: 'lenovo-t480', name: 'Lenovo ThinkPad T480' },
    },
  ],
  refundedCents: null,
  createdAt: daysAgo(1),
  updatedAt: daysAgo(1),
});

function renderReturns(order: Order, returns: Return[], token?: string) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? Response.json(requested(1), { status: 201 }) : Response.json(returns),
    );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderReturns order={order} token={token} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Return parts on an order’s page', () => {
  it('asks for the units of the lines chosen, with the reason and note, through the order’s link', async () => {
    const fetch = renderReturns(deliveredOrder(3), [], 'the-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Return parts' }));
    expect(screen.getByLabelText('Units of Battery to return')).toHaveAttribute('max', '2');
    await userEvent.clear(screen.getByLabelText('Units of Battery to return'));
    await userEvent.type(screen.getByLabelText('Units of Battery to return'), '1');
    await userEvent.selectOptions(screen.getByLabelText('Reason'), "Doesn't fit my laptop");
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Wrong connector');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the return' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, call]) => call?.method === 'POST')!;
    expect(String(url)).toBe('/api/purchase/order-1/returns?token=the-token');
    expect(JSON.parse(String(init!.body))).toEqual({
      lines: [{ lineId: 'battery', quantity: 1 }],
      reason: 'doesnt_fit',
      note: 'Wrong connector',
    });
  });

  it('asks for a part and a reason before sending anything', async () => {
    const fetch = renderReturns(deliveredOrder(3), []);
    await userEvent.click(await screen.findByRole('button', { name: 'Return parts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at least one part to return.');
    await userEvent.clear(screen.getByLabelText('Units of Fan to return'));
    await userEvent.type(screen.getByLabelText('Units of Fan to return'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Ask for the return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose why you return the parts.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('offers only what is neither refunded nor in an open return, and shows the returns', async () => {
    renderReturns(deliveredOrder(3, [line('battery', 'Battery', 2), line('fan', 'Fan', 1, 1)]), [
      requested(2),
    ]);
    expect(await screen.findByText('Return RET-100001')).toBeVisible();
    expect(screen.getByText('Requested')).toBeVisible();
    expect(screen.getByText('2 × Battery (for Lenovo ThinkPad T480)')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return parts' })).toBeNull();
  });

  it('offers nothing once the 30 days after delivery are over', async () => {
    renderReturns(deliveredOrder(31), [requested(1)]);
    expect(await screen.findByText('Return RET-100001')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Return parts' })).toBeNull();
    expect(screen.queryByText(/can be returned until/)).toBeNull();
  });
});
