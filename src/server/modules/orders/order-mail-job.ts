import { and, eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { refunds, returnLines, returns, users } from '#server/db/schema.ts';
import type { JobHandler } from '#server/jobs/queue.ts';
import { sharedWhileLoading } from '#server/lib/shared-while-loading.ts';
import { isUuid } from '#server/lib/uuid.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { OrderLinks } from './order-link';
import { ORDER_MAILS, type OrderMailKind, renderOrderMail } from './order-mails';
import { loadOrder } from './service';

/** Who hears of new paid orders: ORDER_ALERT_EMAIL when set, else every admin with a verified address. */
async function alertRecipients(db: Db, config: Pick<Config, 'ORDER_ALERT_EMAIL'>): Promise<string[]> {
  if (config.ORDER_ALERT_EMAIL) return [config.ORDER_ALERT_EMAIL];
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.emailVerified, true)));
  return admins.map((admin) => admin.email);
}

/** Sends one order mail (a job from the queue): the order as it is now, to its buyer or the admins. */
export function orderMailJob(deps: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'ORDER_ALERT_EMAIL' | 'publicUrl'>;
  links: OrderLinks;
}): JobHandler {
  // Shared by the jobs running at once (jobs/queue.ts runs a claimed batch together): a paid order's
  // receipt and alert read the order once, a batch's alerts the admins once. Every job of a batch was
  // claimed after the change that queued it committed, so a shared read is as new as each job's change.
  const orderNow = sharedWhileLoading((id: string) => loadOrder(deps.db, id));
  const admins = sharedWhileLoading<void, string[]>(() => alertRecipients(deps.db, deps.config));
  return async (payload) => {
    const kind = payload.kind as OrderMailKind;
    if (!ORDER_MAILS.includes(kind)) throw new Error(`unknown order mail ${String(payload.kind)}`);
    const order = await orderNow(String(payload.orderId));
    if (!order) return;
    const to = kind === 'new-order-alert' ? await admins() : [order.buyerEmail];
    if (to.length === 0) return;
    // A visitor's order's mails carry its private link; once an account claimed it, My Orders has it.
    const privateLink =
      kind !== 'new-order-alert' && order.accessTokenHash && !order.userId
        ? deps.links.urlFor(order.id)
        : undefined;
    // A refund's mail tells of that refund (an order may have several).
    const refundId = String(payload.refundId ?? '');
    const [refund] = isUuid(refundId)
      ? await deps.db.select().from(refunds).where(eq(refunds.id, refundId))
      : [undefined];
    // A return's mail tells of that return.
    const returnId = String(payload.returnId ?? '');
    const [ret] = isUuid(returnId)
      ? await deps.db.select().from(returns).where(eq(returns.id, returnId))
      : [undefined];
    const lines = ret ? await deps.db.select().from(returnLines).where(eq(returnLines.returnId, ret.id)) : [];
    await deps.mailer.send({
      to: to.join(', '),
      ...renderOrderMail(
        kind,
        order,
        deps.config.publicUrl,
        privateLink,
        refund ?? null,
        ret ? { ...ret, lines } : null,
      ),
    });
  };
}
