import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE, sendEncoded } from '#server/http/encoded-body.ts';
import type { CachedJson, CatalogAnswer, CatalogCache } from './catalog-cache';

/**
 * Sends prepared JSON with its own headers and the caching the request gets (shared for visitors,
 * private when signed in: http/cache-policy.ts); a client holding the same version (its ETag) gets 304
 * Not Modified.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  cacheControl: string,
) {
  reply.headers(cached.headers).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendEncoded(request, reply.type(JSON_TYPE), cached);
}

/**
 * A route's answer through the catalogue cache (a null key: not worth keeping). A fresh entry is sent
 * at once, with no promise in between, which is how hot pages are answered; otherwise the answer is
 * loaded, and the handler returns the promise of its sending for Fastify to wait on (a failed load
 * rejects it, and Fastify answers with the error).
 */
export function sendThroughCache(
  cache: CatalogCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | null,
  load: () => Promise<CatalogAnswer>,
): Promise<void> | undefined {
  const cacheControl = cache.cacheControl(request.headers.cookie);
  if (key === null)
    return cache.uncached(load).then((answer) => {
      sendCached(request, reply, answer, cacheControl);
    });
  const fresh = cache.peek(key);
  if (fresh) {
    sendCached(request, reply, fresh, cacheControl);
    return undefined;
  }
  // Resolves to nothing once sent: a returned reply would be awaited as a thenable, which costs a
  // listener on the response's end.
  return cache.get(key, load).then((answer) => {
    sendCached(request, reply, answer, cacheControl);
  });
}
