import type { Db } from '#server/db/database.ts';
import { enqueue, enqueuedWith } from '#server/jobs/queue.ts';
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

/**
 * The mail jobs of one change of an order, as a `with` query of the statement that makes the change: the
 * jobs exist exactly when the change does, at no round trip of their own.
 */
export const orderMailsQueued = (tx: Db, kinds: readonly OrderMailKind[], orderId: string) =>
  enqueuedWith(
    tx,
    'mails_queued',
    kinds.map((kind) => orderMailJob(kind, orderId)),
  );

/** Queues the mail of a return's move, once per return and kind. */
export const enqueueReturnMail = (tx: Db, kind: OrderMailKind, orderId: string, returnId: string) =>
  enqueue(tx, orderMailJob(kind, orderId, { returnId }));
