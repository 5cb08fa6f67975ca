import { createHash, createHmac } from 'node:crypto';
import { guestOrderPath } from '#shared/pages.ts';

/**
 * A visitor's order is reached through a private link, `/orders/:id?token=…`. The token is derived from
 * the order's id with the server's secret (decision 036): the database keeps only its hash, yet the
 * order's mails, sent later by the job worker, and a retried checkout can give the same link again.
 */
export interface OrderLinks {
  /** The order's token (43 characters, unguessable without the server's secret). */
  tokenFor(orderId: string): string;
  /** What the database keeps of a token. */
  hashOf(token: string): string;
  /** The link's path (for the browser), and the whole link (for mails). */
  pathFor(orderId: string): string;
  urlFor(orderId: string): string;
}

export function orderLinks(secret: string, publicUrl: string): OrderLinks {
  const tokenFor = (orderId: string) =>
    createHmac('sha256', secret).update(`order-link:${orderId}`).digest('base64url');
  const pathFor = (orderId: string) => guestOrderPath(orderId, tokenFor(orderId));
  return {
    tokenFor,
    // Compared in SQL as it is: knowing how a guess's hash compares tells nothing about a token.
    hashOf: (token) => createHash('sha256').update(token).digest('base64url'),
    pathFor,
    urlFor: (orderId) => `${publicUrl}${pathFor(orderId)}`,
  };
}
