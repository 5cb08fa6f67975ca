import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_TYPE, sendEncoded } from '../../http/encoded-body';
import type { CachedJson, CatalogAnswer, CatalogCache } from './catalog-cache';

/**
 * Sends prepared JSON with its own headers; a client holding the same version (its ETag) gets 304 Not
 * Modified. http/hot-answers.ts sends the same answers the same way, before routing.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.headers(cached.headers);
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendEncoded(request, reply.type(JSON_TYPE), cached);
}

/**
 * A route's answer through the catalogue cache (a null key: not worth keeping). A fresh entry is sent
 * at once, with no promise in between, which is how hot pages are answered; otherwise the answer is
 * loaded, and the handler returns the promise of its sending for Fastify to wait on (a failed load
 * rejects it, and Fastify answers with the error). A GET answered from the cache is remembered by its
 * address, so that the next one is answered before routing.
 */
export function sendThroughCache(
  cache: CatalogCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string | null,
  load: () => Promise<CatalogAnswer>,
): Promise<void> | undefined {
  if (key === null)
    return cache.uncached(load).then((answer) => {
      sendCached(request, reply, answer);
    });
  if (request.method === 'GET') cache.rememberUrl(request.url, key);
  const fresh = cache.peek(key);
  if (fresh) {
    sendCached(request, reply, fresh);
    return undefined;
  }
  // Resolves to nothing once sent: a returned reply would be awaited as a thenable, which costs a
  // listener on the response's end.
  return cache.get(key, load).then((answer) => {
    sendCached(request, reply, answer);
  });
}
