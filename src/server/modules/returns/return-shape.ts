import { forLaptopOf } from '#server/modules/orders/order-shape.ts';
import type { Return } from '#shared/contracts/returns.ts';
import type { ReturnWithLines } from './service';

/** A return as answered to its buyer and to admins. */
export const toReturnReadShape = (ret: ReturnWithLines): Return => ({
  id: ret.id,
  number: ret.number,
  orderId: ret.orderId,
  orderNumber: ret.orderNumber,
  buyerEmail: ret.buyerEmail,
  buyerName: ret.buyerName,
  status: ret.status,
  reason: ret.reason,
  note: ret.note,
  rejectReason: ret.rejectReason,
  lines: ret.lines.map((line) => ({
    lineId: line.orderLineId,
    partId: line.partId,
    name: line.partName,
    quantity: line.quantity,
    restock: line.restock,
    forLaptop: forLaptopOf(line),
  })),
  refundedCents: ret.refundedCents,
  createdAt: ret.createdAt.toISOString(),
  updatedAt: ret.updatedAt.toISOString(),
});
