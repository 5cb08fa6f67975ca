import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '#server/lib/uuid.ts';
import type { StockAlertLinkAction } from '#shared/contracts/stock-alert.ts';
import { productPagePath } from '#shared/pages.ts';

/**
 * The links of back-in-stock mails: `<alert id>.<signature>`, signed with a key derived from the shop's
 * AUTH_SECRET, one signature per action, so that a link confirms or unsubscribes only the alert it was
 * mailed for, works without signing in and needs nothing stored (the mail job makes the unsubscribe
 * link when it sends, long after the alert was asked for).
 */
export function stockAlertLinks(secret: string, publicUrl: string) {
  const key = createHmac('sha256', secret).update('stock-alert-links').digest();
  const signature = (action: StockAlertLinkAction, alertId: string) =>
    createHmac('sha256', key).update(`${action}:${alertId}`).digest();
  const token = (action: StockAlertLinkAction, alertId: string) =>
    `${alertId}.${signature(action, alertId).toString('base64url')}`;
  return {
    token,
    /** The part's page, which carries out the action (POST) and says what it did. */
    page: (action: StockAlertLinkAction, alertId: string, partId: string) =>
      `${publicUrl}${productPagePath(partId)}?alert=${action}&token=${token(action, alertId)}`,
    /** Where a mail program posts a one-click unsubscribe (RFC 8058). */
    oneClickUnsubscribe: (alertId: string) =>
      `${publicUrl}/api/stock-alerts/unsubscribe?token=${token('unsubscribe', alertId)}`,
    /** The alert a token names, when this shop signed it for this action; otherwise null. */
    read(action: StockAlertLinkAction, value: string): string | null {
      const [alertId = '', signed = '', ...rest] = value.split('.');
      if (rest.length > 0 || !isUuid(alertId)) return null;
      const given = Buffer.from(signed, 'base64url');
      const expected = signature(action, alertId);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? alertId.toLowerCase()
        : null;
    },
  };
}

export type StockAlertLinks = ReturnType<typeof stockAlertLinks>;
