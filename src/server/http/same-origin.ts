import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';

/** Methods that change nothing (RFC 9110 §9.2.1). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated changes must come from the shop's own pages: a mutation whose Origin is
 * another site, or that the browser marks cross-site, is refused (CSRF defence on top of SameSite).
 */
export function refuseCrossSiteMutations(trustedOrigins: readonly string[]) {
  // Callback style (no promise per request): this runs before every request.
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossOrigin = origin !== undefined && origin !== 'null' && !trustedOrigins.includes(origin);
    if (crossOrigin || origin === 'null' || fetchSite === 'cross-site') {
      reply
        .code(403)
        .send(errorBody('cross_site_request', 'This request must come from the shop’s own pages.'));
      return;
    }
    done();
  };
}
