import { randomBytes } from 'node:crypto';

/**
 * Request ids that are unique across every instance of the shop: a random prefix drawn once per
 * process, then a counter. Cheaper and shorter than a UUID per request, which showed up in profiles.
 */
export function requestIdGenerator(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(++count).toString(36)}`;
}
