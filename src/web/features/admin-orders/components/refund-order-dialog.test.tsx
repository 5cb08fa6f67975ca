import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '#shared/contracts/order.ts';
import { RefundOrderDialog } from './refund-order-dialog';

vi.mock('#web/lib/notify.tsx', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const line = (fields: Partial<Order['lines'][number]> & { lineId: string; name: string }) => ({
  partId: `part-${fields.lineId}`,
  unitPrice: 0,
  unitPriceCents: 0,
  quantity: 1,
  lineTotal: 0,
  lineTotalCents: 0,
  discountCents: 0,
  taxCents: 0,
  refundedQuantity: 0,
  forLaptop: null,
  ...fields,
});

/**
 * The order worked by hand in src/shared/refunds.test.ts: batteries paid 8684 (units 2894, 2894, 2896),
 * the fan 1207, shipping 499; total 10390.
 */
const order = (changes: Partial<Order> = {}): Order =>
  ({
    _id: 'order-1',
    number: 'RTP-100042',
    userName: 'Bea Buyer',
    user: 'bea@example.com',
    status: 'delivered',
    paid: true,
    totalCents: 10390,
    total: 103.9,
    pricesIncludeTax: false,
    refunded: 0,
    refundedCents: 0,
    shippingRefunded: false,
    lines: [
      line({
        lineId: 'battery',
        name: 'Battery 57Wh',
        quantity: 3,
        lineTotalCents: 8997,
        discountCents: 900,
        taxCents: 587,
      }),
      line({
        lineId: 'fan',
        name: 'Fan',
        quantity: 1,
        lineTotalCents: 1250,
        discountCents: 125,
        taxCents: 82,
      }),
    ],
    timeline: [
      { status: 'unpaid', at: '2026-11-20T10:00:00.000Z', note: null },
      { status: 'paid', at: '2026-11-20T10:05:00.000Z', note: null },
      { status: 'shipped', at: '2026-11-21T09:00:00.000Z', note: null },
      { status: 'delivered', at: '2026-11-23T15:00:00.000Z', note: null },
    ],
    ...changes,
  }) as Order;

let sent: unknown[];

function draw(subject: Order, answer: () => Response) {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    sent.push(JSON.parse(String(init?.body)));
    return answer();
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <RefundOrderDialog order={subject} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Refund RTP-100042?', hidden: true }) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Refund dialog', () => {
  it('starts from everything left and shows what the server will refund as the admin chooses', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = draw(order(), () =>
      Response.json({ ...order(), status: 'partially_refunded' }),
    );
    const view = within(dialog);
    expect(view.getByText('Refund amount: $103.90')).toBeTruthy();
    await user.clear(view.getByLabelText(/Fan/));
    await user.type(view.getByLabelText(/Fan/), '0');
    await user.click(view.getByLabelText('Refund the shipping ($4.99)'));
    await user.clear(view.getByLabelText(/Battery 57Wh/));
    await user.type(view.getByLabelText(/Battery 57Wh/), '1');
    expect(view.getByText('Refund amount: $28.94')).toBeTruthy();
    await user.click(view.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        reason: undefined,
        restock: false,
        lines: [{ lineId: 'battery', quantity: 1 }],
        shipping: false,
        expectRefundedCents: 0,
      },
    ]);
  });

  it('offers only what is left, and shows why the server refused', async () => {
    const user = userEvent.setup();
    const partly = order({
      status: 'partially_refunded',
      refundedCents: 9891,
      lines: order().lines.map((each) => ({ ...each, refundedQuantity: each.quantity })),
    });
    const { dialog, onClose } = draw(partly, () =>
      Response.json(
        {
          error: {
            code: 'refund_conflict',
            message:
              'Another refund of this order came first: $103.90 of it is refunded now. Check the order and try again.',
          },
        },
        { status: 409 },
      ),
    );
    const view = within(dialog);
    expect(view.getByText('All 3 refunded')).toBeTruthy();
    expect(view.getByText('Refund amount: $4.99')).toBeTruthy();
    await user.click(view.getByRole('button', { name: 'Refund' }));
    expect(
      await view.findByText(
        'Another refund of this order came first: $103.90 of it is refunded now. Check the order and try again.',
      ),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(sent).toEqual([
      { reason: undefined, restock: false, lines: [], shipping: true, expectRefundedCents: 9891 },
    ]);
  });
});
