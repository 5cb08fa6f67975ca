import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/client-routes';
import type { Part } from '../../shared/contracts/part';
import { getPart, listParts } from '../modules/catalog/service';
import { type EncodedBody, encodedBody, sendEncoded } from './encoded-body';
import { errorBody } from './errors';
import { createRoutePreloads } from './route-preloads';
import { productPage, registerSeoRoutes } from './seo';

/** Hashed assets never change; index.html must be revalidated so a deploy shows at once. */
function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html')) return 'no-cache';
  // Images and icons keep their names across releases: a week, then revalidated in the background.
  return 'public, max-age=604800, stale-while-revalidate=86400';
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time,
 * client routes answered with index.html (unknown ones with status 404), unknown /api paths with JSON.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = join(webRoot, 'index.html');
  const hasBuild = existsSync(indexFile);
  const indexHtml = hasBuild ? await readFile(indexFile, 'utf8') : '';
  const routePreloads = createRoutePreloads(webRoot);
  // The few HTML variants (one per route group, one per product) are compressed once each.
  const htmlBodies = new Map<string, EncodedBody>();
  const htmlBody = (html: string) => {
    let prepared = htmlBodies.get(html);
    if (!prepared) {
      if (htmlBodies.size > 500) htmlBodies.clear();
      prepared = encodedBody(html);
      htmlBodies.set(html, prepared);
    }
    return prepared;
  };
  const cachedPart = (id: string) =>
    app.catalogCache
      .get(`part:${id}`, () => getPart(app.db, id))
      .then((cached) => JSON.parse(cached.body) as Part);
  registerSeoRoutes(app, () =>
    app.catalogCache.get('list', () => listParts(app.db)).then((cached) => JSON.parse(cached.body) as Part[]),
  );
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

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || !wantsPage || pathname.startsWith('/api/') || pathname === '/api') {
      return reply.code(404).send(errorBody('not_found', `No route matches ${request.method} ${pathname}.`));
    }
    const preloads = routePreloads(pathname, /session_token=/.test(request.headers.cookie ?? ''));
    const withPreloads = (html: string) =>
      htmlBody(preloads ? html.replace('</head>', `${preloads}</head>`) : html);
    // A product's page carries its own title, description and structured data for search and sharing.
    const product = /^\/purchase\/([^/]+)\/?$/.exec(pathname);
    if (product) {
      const part = await cachedPart(product[1]!).catch(() => null);
      if (part) {
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        return sendEncoded(request, reply, withPreloads(productPage(indexHtml, part, app.config.publicUrl)));
      }
    }
    reply
      .code(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return sendEncoded(request, reply, withPreloads(indexHtml));
  });
}
