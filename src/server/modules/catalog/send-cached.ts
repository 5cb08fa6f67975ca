import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from '../../http/encoded-body';
import type { CachedJson, CatalogAnswer, CatalogCache } from './catalog-cache';

/** Sends prepared JSON with its ETag; a client holding the same version gets 304 Not Modified. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendEncoded(request, reply.type('application/json; charset=utf-8'), cached);
}

/**
 * A route's answer through the catalogue cache (a null key: not worth keeping). A fresh entry is sent
 * at once, with no promise in between, which is how hot pages are answered; otherwise the answer is
 * loaded, and the handler returns the promise of its sending for Fastify to wait on (a failed load
 * rejects it, and Fastify answers with the error).
 */
export function sendThroughCache(
  cache: CatalogCache,
  key: string | null,
  load: () => Promise<CatalogAnswer>,
  send: (answer: CachedJson) => unknown,
): Promise<void> | undefined {
  const fresh = key === null ? undefined : cache.peek(key);
  if (fresh) {
    send(fresh);
    return undefined;
  }
  // Resolves to nothing once sent: a returned reply would be awaited as a thenable, which costs a
  // listener on the response's end.
  return (key === null ? cache.uncached(load) : cache.get(key, load)).then((answer) => {
    send(answer);
  });
}
