import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderStatus } from '#shared/contracts/order.ts';
import { MyOrders } from './my-orders';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const today = (hours: number, minutes: number) => {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.toISOString();
};

function anOrder(number: string, status: OrderStatus, changes: Partial<Order> = {}): Order {
  return {
    _id: `id-${number}`,
    user: 'bea@example.com',
    userName: 'Bea Buyer',
    parts: 'Battery',
    price: 59.99,
    priceCents: 5999,
    quantity: 2,
    paid: ['paid', 'shipped', 'delivered', 'partially_refunded', 'refunded'].includes(status),
    transactionId: status === 'unpaid' ? null : 'pi_123',
    number,
    status,
    createdAt: '2026-11-22T10:00:00.000Z',
    lines: [
      {
        lineId: 'line-battery',
        partId: 'battery',
        name: 'Battery',
        unitPrice: 59.99,
        unitPriceCents: 5999,
        quantity: 2,
        lineTotal: 119.98,
        lineTotalCents: 11998,
        discountCents: 0,
        taxCents: 0,
        refundedQuantity: 0,
        forLaptop: null,
      },
    ],
    subtotal: 119.98,
    subtotalCents: 11998,
    discount: 0,
    discountCents: 0,
    shipping: 0,
    shippingCents: 0,
    tax: 0,
    taxCents: 0,
    pricesIncludeTax: false,
    refunded: 0,
    refundedCents: 0,
    shippingRefunded: false,
    shippingMethod: null,
    discountCode: null,
    total: 119.98,
    totalCents: 11998,
    currency: 'USD',
    shippingAddress: {
      name: 'Bea Buyer',
      address: '1 Main St',
      location: 'Austin',
      region: 'TX',
      postalCode: '78701',
      country: 'US',
      phone: '5125550100',
    },
    expiresAt: null,
    trackingNumber: null,
    timeline: [{ status: 'unpaid', at: '2026-11-22T10:00:00.000Z', note: null }],
    // What the server offers a buyer (state-machine.ts): pay or remove an unpaid order, nothing after.
    actions: status === 'unpaid' ? ['pay', 'cancel'] : [],
    ...changes,
  };
}

const orders: Order[] = [
  anOrder('RTP-100003', 'unpaid', { expiresAt: today(14, 35) }),
  anOrder('RTP-100002', 'shipped', {
    parts: 'Battery × 2, SSD × 1',
    price: 209.97,
    priceCents: 20997,
    quantity: 3,
    lines: [
      ...anOrder('x', 'paid').lines,
      {
        lineId: 'line-ssd',
        partId: 'ssd',
        name: 'SSD',
        unitPrice: 89.99,
        unitPriceCents: 8999,
        quantity: 1,
        lineTotal: 89.99,
        lineTotalCents: 8999,
        discountCents: 0,
        taxCents: 0,
        refundedQuantity: 0,
        forLaptop: { slug: 'dell-xps-13-9370', name: 'Dell XPS 13 9370' },
      },
    ],
    total: 209.97,
    totalCents: 20997,
    trackingNumber: '1Z999AA10123456784',
    timeline: [
      { status: 'unpaid', at: '2026-11-21T10:00:00.000Z', note: null },
      { status: 'paid', at: '2026-11-21T10:05:00.000Z', note: null },
      { status: 'shipped', at: '2026-11-22T09:00:00.000Z', note: 'Tracking 1Z999AA10123456784' },
    ],
  }),
  anOrder('RTP-100001', 'expired'),
];

function renderOrders() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json(orders));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MyOrders />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('My Orders', () => {
  it('keeps the long-standing columns but the customer’s own name and email, and adds the order’s own', async () => {
    renderOrders();
    await screen.findByText('RTP-100003');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '#',
      'Order',
      'Parts Name',
      'Price/unit',
      'Ships to',
      'Total',
      'Status',
      'Payment',
      'Remove',
    ]);
  });

  it('shows an unpaid order’s hold, with Pay and Remove', async () => {
    renderOrders();
    const row = (await screen.findByText('RTP-100003')).closest('tr')!;
    expect(within(row).getByText('Unpaid', { selector: '.badge' })).toBeInTheDocument();
    expect(within(row).getByText(/Pay by/)).toHaveTextContent('Pay by 14:35');
    expect(within(row).getByRole('link', { name: 'Pay for RTP-100003: Battery' })).toHaveAttribute(
      'href',
      '/dashboard/payment/id-RTP-100003',
    );
    expect(within(row).getByRole('cell', { name: '$59.99' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Remove the order RTP-100003: Battery' }));
    expect(await screen.findByRole('dialog', { name: 'Remove this order?' })).toBeInTheDocument();
  });

  it('shows an order of several lines with each line, its tracking number and its history', async () => {
    renderOrders();
    const row = (await screen.findByText('RTP-100002')).closest('tr')!;
    expect(within(row).getByText('Shipped', { selector: '.badge' })).toBeInTheDocument();
    // The tracking number leads to the carrier its format names; the order to its own page.
    expect(within(row).getByRole('link', { name: /1Z999AA10123456784/ })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(within(row).getByRole('link', { name: /^RTP-100002.*details and receipt$/ })).toHaveAttribute(
      'href',
      '/dashboard/orders/id-RTP-100002',
    );
    expect(within(row).getByText('1 Main St')).toBeInTheDocument();
    expect(within(row).getByText('SSD')).toBeInTheDocument();
    expect(within(row).getByText('1 × $89.99')).toBeInTheDocument();
    // The line keeps the laptop it was bought for.
    expect(within(row).getByText('For your Dell XPS 13 9370')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '—' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '$209.97' })).toBeInTheDocument();
    expect(within(row).getByText('Paid', { selector: 'td > div > span' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Remove/ })).toBeNull();
    const history = within(row).getByText('History').closest('details')!;
    await userEvent.click(within(history).getByText('History'));
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Unpaid'),
      expect.stringContaining('Paid'),
      expect.stringMatching(/Shipped.*Tracking 1Z999AA10123456784/),
    ]);
  });

  it('says an expired order was not paid and offers nothing to do', async () => {
    renderOrders();
    const row = (await screen.findByText('RTP-100001')).closest('tr')!;
    expect(within(row).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(within(row).getByText('Not paid')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard/orders/id-RTP-100001']);
    expect(within(row).queryByRole('button')).toBeNull();
  });
});

describe('My Orders below wide screens', () => {
  it('becomes a card per order, in order, each value named by its column and the actions kept', async () => {
    renderOrders();
    const table = (await screen.findByText('RTP-100003')).closest('table')!;
    expect(table).toHaveClass('max-xl:stacked');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      expect.stringContaining('RTP-100003'),
      expect.stringContaining('RTP-100002'),
      expect.stringContaining('RTP-100001'),
    ]);
    const labels = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['#', null, 'Parts Name', 'Price/unit', 'Ships to', 'Total', null, null, null]);
    expect(within(rows[0]!).getByRole('link', { name: /^Pay for/ })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /^Remove/ })).toBeInTheDocument();
  });
});

describe('removing an order the shop does not answer about', () => {
  it('keeps Cancel usable while waiting; the answer that comes after Cancel is said in a toast', async () => {
    const { notify } = await import('#web/lib/notify.tsx');
    let fail: (error: Error) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method !== 'DELETE') return Response.json(orders);
      return new Promise<Response>((_resolve, reject) => {
        fail = reject;
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MyOrders />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('RTP-100003')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove order' }));
    expect(await within(dialog).findByRole('button', { name: 'Remove order' })).toBeDisabled();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(cancel).toBeEnabled();
    await userEvent.click(cancel);
    await vi.waitFor(() => expect(dialog).not.toHaveAttribute('open'));

    fail(new TypeError('Failed to fetch'));
    await vi.waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Cannot reach the shop. Check your connection and try again.',
      ),
    );
    // Asked again, the question starts clean: the old failure is not in it.
    await userEvent.click(within(row).getByRole('button', { name: /^Remove/ }));
    await vi.waitFor(() => expect(dialog).toHaveAttribute('open'));
    expect(within(dialog).queryByText(/Cannot reach the shop/)).toBeNull();
  });
});
