import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded } from '../../http/encoded-body';
import type { CachedJson } from './catalog-cache';

/** Sends prepared JSON with its ETag; a client holding the same version gets 304 Not Modified. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson) {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
  return sendEncoded(request, reply.type('application/json; charset=utf-8'), cached);
}
