import type { refunds, returnLines, returns } from '#server/db/schema.ts';
import { inert, type MailContent, renderMail } from '#server/mail/layout.ts';
import { formatDollars } from '#shared/money.ts';
import { RETURN_REASON_LABELS } from '#shared/returns.ts';
import type { OrderWithLines } from './order-shape';

export const ORDER_MAILS = [
  'order-placed',
  'order-paid',
  'order-shipped',
  'order-delivered',
  'order-refunded',
  'order-expired',
  'new-order-alert',
  'return-requested',
  'return-approved',
  'return-rejected',
  'return-received',
] as const;
export type OrderMailKind = (typeof ORDER_MAILS)[number];

/** Subtotal, discount, shipping and tax under the lines, as the order pages show them. */
const moneyRows = (order: OrderWithLines): [string, string, string][] => {
  const rows: [string, string, string][] = [['Subtotal', '', formatDollars(order.subtotalCents)]];
  if (order.discountCents > 0)
    rows.push([
      order.discountCode ? `Discount (${inert(order.discountCode)})` : 'Discount',
      '',
      formatDollars(-order.discountCents),
    ]);
  rows.push([
    order.shippingMethodName ? `Shipping (${inert(order.shippingMethodName)})` : 'Shipping',
    '',
    order.shippingCents === 0 ? 'Free' : formatDollars(order.shippingCents),
  ]);
  if (order.taxCents > 0 || !order.pricesIncludeTax)
    rows.push([order.pricesIncludeTax ? 'Includes tax' : 'Tax', '', formatDollars(order.taxCents)]);
  return rows;
};

const linesTable = (order: OrderWithLines) => ({
  head: ['Part', 'Quantity', 'Line total'] as [string, string, string],
  rows: [
    ...order.lines.map(
      (line) =>
        [
          `${inert(line.partName)} (${formatDollars(line.unitPriceCents)} each)${line.forLaptopName ? `, for ${inert(line.forLaptopName)}` : ''}`,
          String(line.quantity),
          formatDollars(line.lineTotalCents),
        ] as [string, string, string],
    ),
    ...moneyRows(order),
  ],
  total: ['Total', formatDollars(order.totalCents)] as [string, string],
});

const addressLines = (order: OrderWithLines) => {
  const { name, address, location, region, postalCode, country, phone } = order.shippingAddress;
  const town = [location, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return ['Ships to:', ...[name, address, town, country ?? '', phone].filter(Boolean).map(inert)].join('\n');
};

type Refund = typeof refunds.$inferSelect;

/** What one refund gave back: its lines (units and cents), the shipping, and the amount. */
const refundTable = (order: OrderWithLines, refund: Refund) => ({
  head: ['Refunded', 'Quantity', 'Amount'] as [string, string, string],
  rows: [
    ...refund.lines.map((refunded) => {
      const line = order.lines.find((candidate) => candidate.id === refunded.lineId);
      return [
        inert(line?.partName ?? 'A part'),
        String(refunded.quantity),
        formatDollars(refunded.cents),
      ] as [string, string, string];
    }),
    ...(refund.shipping && refund.shippingCents > 0
      ? [['Shipping', '', formatDollars(refund.shippingCents)] as [string, string, string]]
      : []),
  ],
  total: ['Refunded', formatDollars(refund.amountCents)] as [string, string],
});

/** The refund mail: what this refund gave back, and how much of the order is refunded in all. */
function refundMail(
  order: OrderWithLines,
  refund: Refund | null,
  greeting: string,
  link: { label: string; url: string },
) {
  const amount = refund?.amountCents ?? order.refundedCents;
  const whole = amount === order.totalCents;
  return renderMail({
    subject: whole
      ? `Your order ${order.number} was refunded`
      : `Part of your order ${order.number} was refunded`,
    paragraphs: [
      greeting,
      `We refunded ${formatDollars(amount)} for order ${order.number} to the card you paid with. It can take a few days to show.`,
      ...(refund?.reason ? [`Reason: ${inert(refund.reason)}`] : []),
      ...(whole
        ? []
        : [
            `In all, ${formatDollars(order.refundedCents)} of the ${formatDollars(order.totalCents)} you paid is refunded.`,
          ]),
    ],
    table: refund ? refundTable(order, refund) : linesTable(order),
    link,
  });
}

/** A return as its mails tell of it: the return and the units of its lines. */
export type ReturnForMail = typeof returns.$inferSelect & { lines: (typeof returnLines.$inferSelect)[] };

/** The units a return sends back, as a table. */
const returnTable = (order: OrderWithLines, ret: ReturnForMail) => ({
  head: ['Returned', 'Quantity', ''] as [string, string, string],
  rows: ret.lines.map((returned) => {
    const line = order.lines.find((candidate) => candidate.id === returned.orderLineId);
    return [inert(line?.partName ?? 'A part'), String(returned.quantity), ''] as [string, string, string];
  }),
  total: ['Units in all', String(ret.lines.reduce((sum, line) => sum + line.quantity, 0))] as [
    string,
    string,
  ],
});

/** The mails of a return's moves (its refund is told by the refund's own mail). */
function returnMail(
  kind: Extract<OrderMailKind, `return-${string}`>,
  order: OrderWithLines,
  ret: ReturnForMail,
  greeting: string,
  link: { label: string; url: string },
) {
  const about = `return ${ret.number} of order ${order.number}`;
  const texts = {
    'return-requested': {
      subject: `We received your return request ${ret.number}`,
      paragraphs: [
        `Thank you: we received your ${about} (${RETURN_REASON_LABELS[ret.reason]}). We will tell you by mail once we have looked at it.`,
      ],
    },
    'return-approved': {
      subject: `Your return ${ret.number} is approved`,
      paragraphs: [
        `Your ${about} is approved. Please send the parts below back to us; we refund them once they arrive.`,
      ],
    },
    'return-rejected': {
      subject: `Your return ${ret.number} was not accepted`,
      paragraphs: [
        `We are sorry: we cannot accept your ${about}.`,
        ...(ret.rejectReason ? [`Reason: ${inert(ret.rejectReason)}`] : []),
      ],
    },
    'return-received': {
      subject: `We received the parts of your return ${ret.number}`,
      paragraphs: [`The parts of your ${about} arrived. We refund them to the card you paid with shortly.`],
    },
  }[kind];
  return renderMail({
    subject: texts.subject,
    paragraphs: [greeting, ...texts.paragraphs],
    table: returnTable(order, ret),
    link,
  });
}

/**
 * The mail for an order event, for the customer (or, for the alert, the shop's admins). `privateLink`:
 * a visitor's order's own link (orders/order-link.ts), the only way back to it without an account.
 * `refund`: a refund's mail tells of that refund.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  order: OrderWithLines,
  publicUrl: string,
  privateLink?: string,
  refund: Refund | null = null,
  ret: ReturnForMail | null = null,
): MailContent {
  const greeting = `Hello ${inert(order.buyerName)},`;
  const ordersLink = privateLink
    ? { label: 'See your order', url: privateLink }
    : { label: 'See your orders', url: `${publicUrl}/dashboard/order` };
  switch (kind) {
    case 'return-requested':
    case 'return-approved':
    case 'return-rejected':
    case 'return-received':
      if (!ret) throw new Error(`${kind} needs its return`);
      return returnMail(kind, order, ret, greeting, ordersLink);
    case 'order-placed':
      return renderMail({
        subject: `Your order ${order.number} is waiting for payment`,
        paragraphs: [
          greeting,
          `Thank you for your order ${order.number}. We hold its parts for you until it is paid; pay for it through the link below, which is only for you: keep this mail to come back to your order.`,
          addressLines(order),
        ],
        table: linesTable(order),
        link: { label: 'Pay for your order', url: ordersLink.url },
      });
    case 'order-paid':
      return renderMail({
        subject: `Your order ${order.number} is confirmed`,
        paragraphs: [
          greeting,
          `Thank you: we received your payment for order ${order.number}. This is your receipt.`,
          `Transaction id: ${order.transactionId ?? '—'}`,
          addressLines(order),
        ],
        table: linesTable(order),
        link: ordersLink,
      });
    case 'order-shipped':
      return renderMail({
        subject: `Your order ${order.number} is on its way`,
        paragraphs: [
          greeting,
          `Order ${order.number} has left our warehouse.`,
          order.trackingNumber
            ? `Tracking number: ${order.trackingNumber}`
            : 'It ships without a tracking number.',
          addressLines(order),
        ],
        table: linesTable(order),
        link: ordersLink,
      });
    case 'order-delivered':
      return renderMail({
        subject: `Your order ${order.number} was delivered`,
        paragraphs: [greeting, `Order ${order.number} was delivered. We hope the parts serve you well.`],
        link: ordersLink,
      });
    case 'order-refunded':
      return refundMail(order, refund, greeting, ordersLink);
    case 'order-expired':
      return renderMail({
        subject: `Your order ${order.number} expired`,
        paragraphs: [
          greeting,
          `Order ${order.number} was not paid in time, so we put its parts back on the shelves. Nothing was charged. You can order them again at any time.`,
        ],
        table: linesTable(order),
        link: { label: 'Browse the parts', url: `${publicUrl}/parts` },
      });
    case 'new-order-alert':
      return renderMail({
        subject: `New paid order ${order.number}: ${formatDollars(order.totalCents)}`,
        paragraphs: [
          `${inert(order.buyerName)} <${order.buyerEmail}> paid for order ${order.number}.`,
          addressLines(order),
        ],
        table: linesTable(order),
        link: { label: 'Open All Orders', url: `${publicUrl}/dashboard/orders` },
      });
  }
}
