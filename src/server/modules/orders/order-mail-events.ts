import type { Db } from '#server/db/database.ts';
import { enqueue } from '#server/jobs/queue.ts';
import type { OrderMailKind } from './order-mails';

export const ORDER_MAIL_JOB = 'order-mail';

/** What a mail is about besides its order: a refund or a return (an order may have several of each). */
type MailSubject = { refundId: string } | { returnId: string };

/** An order's mail job, once per order and kind, or per refund or return and kind. */
const orderMailJob = (kind: OrderMailKind, orderId: string, subject?: MailSubject) => ({
  kind: ORDER_MAIL_JOB,
  payload: { kind, orderId, ...subject },
  dedupeKey: `mail:${kind}:${!subject ? orderId : 'refundId' in subject ? subject.refundId : subject.returnId}`,
});

/**
 * Queues an order's mail inside the transaction of the change it tells about: once per order and kind,
 * or, for a refund's mail, once per refund (an order may have several).
 */
export const enqueueOrderMail = (tx: Db, kind: OrderMailKind, orderId: string, refundId?: string) =>
  enqueue(tx, orderMailJob(kind, orderId, refundId ? { refundId } : undefined));

/** Queues several mails of one change of an order, in one statement. */
export const enqueueOrderMails = (tx: Db, kinds: OrderMailKind[], orderId: string) =>
  enqueue(
    tx,
    kinds.map((kind) => orderMailJob(kind, orderId)),
  );

/** Queues the mail of a return's move, once per return and kind. */
export const enqueueReturnMail = (tx: Db, kind: OrderMailKind, orderId: string, returnId: string) =>
  enqueue(tx, orderMailJob(kind, orderId, { returnId }));
