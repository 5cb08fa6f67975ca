import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/client-routes';
import { errorBody } from './errors';

/** Hashed assets never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time,
 * client routes answered with index.html (unknown ones with status 404), unknown /api paths with JSON.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasBuild = existsSync(join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || !wantsPage || pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send(errorBody('not_found', `No route matches ${request.method} ${pathname}.`));
    }
    return reply
      .code(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });
}
