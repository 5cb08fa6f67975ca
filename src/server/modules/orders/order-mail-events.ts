import type { Db } from '../../db/database';
import { enqueue } from '../../jobs/queue';
import type { OrderMailKind } from '../../mail/order-mails';

export const ORDER_MAIL_JOB = 'order-mail';

/** Queues an order's mail inside the transaction of the change it tells about: once per order and kind. */
export const enqueueOrderMail = (tx: Db, kind: OrderMailKind, orderId: string) =>
  enqueue(tx, { kind: ORDER_MAIL_JOB, payload: { kind, orderId }, dedupeKey: `mail:${kind}:${orderId}` });
