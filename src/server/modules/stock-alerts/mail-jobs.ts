import type { Db } from '#server/db/database.ts';
import type { JobHandler } from '#server/jobs/queue.ts';
import { inert, type MailContent, renderMail } from '#server/mail/layout.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import { formatDollars } from '#shared/money.ts';
import { productPagePath } from '#shared/pages.ts';
import { SHOP_NAME } from '#shared/shop.ts';
import type { StockAlertLinks } from './links';
import {
  alertForMail,
  BACK_IN_STOCK_JOB,
  fanOutBackInStock,
  STOCK_ALERT_MAIL_JOB,
  type StockAlertMailKind,
} from './service';

type AlertForMail = NonNullable<Awaited<ReturnType<typeof alertForMail>>>;

/** The mails of "Notify me when it's back": the link to confirm an address, and the part being back. */
export function renderStockAlertMail(
  kind: StockAlertMailKind,
  alert: AlertForMail,
  links: StockAlertLinks,
  publicUrl: string,
): MailContent {
  const part = inert(alert.partName);
  if (kind === 'confirm')
    return renderMail({
      subject: `Confirm: tell me when ${part} is back`,
      paragraphs: [
        'Hello,',
        `Someone (we hope you) asked ${SHOP_NAME} to write to this address once ${part} is back in stock.`,
        'Open the link below to confirm. Until you do, we send nothing else to this address; if it was not you, ignore this mail.',
      ],
      link: {
        label: 'Confirm: notify me when it is back',
        url: links.page('confirm', alert.id, alert.partId),
      },
    });
  return renderMail({
    subject: `${part} is back in stock`,
    paragraphs: [
      'Hello,',
      `Good news: ${part} is back in stock at ${SHOP_NAME}, ${formatDollars(alert.priceCents)}.`,
      'This is the only mail about it: your alert has ended. Parts that come back often go quickly.',
    ],
    link: { label: 'See the part', url: `${publicUrl}${productPagePath(alert.partId)}` },
    unsubscribe: {
      label: 'Unsubscribe from every back-in-stock mail to this address',
      url: links.page('unsubscribe', alert.id, alert.partId),
      oneClickUrl: links.oneClickUnsubscribe(alert.id),
    },
  });
}

/** The jobs of back-in-stock alerts: the fan-out the trigger queues, and each alert's mail. */
export function stockAlertJobs(deps: {
  db: Db;
  mailer: Mailer;
  links: StockAlertLinks;
  publicUrl: string;
}): Record<string, JobHandler> {
  return {
    [BACK_IN_STOCK_JOB]: async (payload) => {
      await fanOutBackInStock(deps.db, String(payload.partId));
    },
    [STOCK_ALERT_MAIL_JOB]: async (payload) => {
      const kind = payload.kind as StockAlertMailKind;
      if (kind !== 'confirm' && kind !== 'back-in-stock')
        throw new Error(`unknown stock alert mail ${String(payload.kind)}`);
      const alert = await alertForMail(deps.db, String(payload.alertId));
      // Gone with its part or account; a confirmation is only sent while it is needed.
      if (!alert || (kind === 'confirm' && (alert.confirmedAt || alert.endedAt))) return;
      await deps.mailer.send({
        to: alert.email,
        ...renderStockAlertMail(kind, alert, deps.links, deps.publicUrl),
      });
    },
  };
}
