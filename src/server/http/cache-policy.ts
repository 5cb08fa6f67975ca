import { hasSessionCookie } from '#server/auth/session-cookie.ts';

/**
 * The one place that says how long the shop's public reads (the catalogue, laptop models, the pages of
 * text: every answer sent through the catalogue cache) may be kept, and by whom
 * (docs/decisions/033-one-request-path.md).
 *
 * - A visitor's read (no session cookie) is `public` for shared caches: a CDN or a reverse proxy in
 *   front (the README's nginx block) answers repeats for `s-maxage` seconds without asking the shop,
 *   then for `stale-while-revalidate` more it may answer the copy it has while it fetches the new one.
 *   A change shows through such a cache within `s-maxage` (plus the one answer that starts the refresh).
 * - Browsers get `max-age=0`: they keep the answer but ask again, with its ETag (a 304 from the proxy or
 *   the shop). The web app asks with `cache: 'no-cache'` (web lib/api-client.ts), so that
 *   stale-while-revalidate, meant for the proxy, never lets a browser show its own older copy (an
 *   answer kept from before a sign-in included).
 * - A signed-in request (a session cookie) gets `private, no-cache`, as every read did before: no
 *   shared cache keeps it, and the proxy's block passes such requests by.
 *
 * `sharedSeconds` is the shop's SHARED_CACHE_SECONDS; 0 makes every answer `no-cache`.
 */
export function publicReadCacheControl(sharedSeconds: number): (cookieHeader: string | undefined) => string {
  const signedIn = 'private, no-cache';
  const visitor =
    sharedSeconds > 0
      ? `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${sharedSeconds}`
      : 'no-cache';
  return (cookieHeader) => (hasSessionCookie(cookieHeader) ? signedIn : visitor);
}
