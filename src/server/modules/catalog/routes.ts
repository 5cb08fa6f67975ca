import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PartQuery, partListSchema, partQuerySchema, partSchema } from '../../../shared/contracts/part';
import { partInputSchema, partPatchSchema } from '../../../shared/contracts/part-input';
import { requireAdmin, sessionUser } from '../../auth/guards';
import { idParams } from '../../http/record-id';
import { clientKey, enforceRateLimit, type RateLimitRule } from '../../lib/rate-limit';
import { partCacheKey, partLoader } from './cached-part';
import { pageLinks } from './page-links';
import { toPartReadShape } from './part-shape';
import { sendThroughCache } from './send-cached';
import { createPart, listParts, removePart, updatePart } from './service';

/** First pages are what most visitors ask for; deeper pages are read from the database each time. */
const cacheKeyOf = (query: PartQuery) =>
  query.page === 1
    ? `list:${JSON.stringify([query.q?.toLowerCase(), query.category, query.sort, query.inStock, query.limit])}`
    : null;

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Searches read from the database, per client address: even bounded (MAX_SEARCH_MATCHES), one costs
   * tens of milliseconds of database time on a large catalogue (docs/decisions/025-bounded-search.md).
   * Answers the catalogue cache holds (hot first pages) cost nothing and do not count.
   */
  const searches: RateLimitRule = {
    name: 'searches',
    limit: app.config.SEARCHES_PER_CLIENT_PER_MINUTE,
    windowMs: 60_000,
  };

  app.get(
    '/part',
    { schema: { querystring: partQuerySchema, response: { 200: partListSchema } } },
    (request, reply) => {
      const query = request.query;
      const key = cacheKeyOf(query);
      // The page links are kept with the page: a cached answer costs no work of its own.
      const load = async () => {
        const page = await listParts(app.db, query);
        return {
          json: page.parts.map(toPartReadShape),
          total: page.total,
          links: pageLinks('/api/part', query, page.total),
        };
      };
      if (query.q && (key === null || !app.catalogCache.has(key))) {
        return enforceRateLimit(app.db, searches, clientKey(request)).then(() =>
          sendThroughCache(app.catalogCache, request, reply, key, load),
        );
      }
      return sendThroughCache(app.catalogCache, request, reply, key, load);
    },
  );

  app.get('/part/:id', { schema: { params: idParams, response: { 200: partSchema } } }, (request, reply) =>
    sendThroughCache(
      app.catalogCache,
      request,
      reply,
      partCacheKey(request.params.id),
      partLoader(app, request.params.id),
    ),
  );

  const adminOnly = requireAdmin(app);

  app.post(
    '/part',
    {
      config: { changesCatalogue: true },
      schema: { body: partInputSchema, response: { 201: partSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(toPartReadShape(await createPart(app.db, sessionUser(request), request.body))),
  );

  app.put(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: { params: idParams, body: partInputSchema, response: { 200: partSchema } },
      onRequest: adminOnly,
    },
    async (request) =>
      toPartReadShape(await updatePart(app.db, sessionUser(request), request.params.id, request.body)),
  );

  app.patch(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: { params: idParams, body: partPatchSchema, response: { 200: partSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      const { name, price, minimum, available, description, img, category } = request.body;
      return toPartReadShape(
        await updatePart(app.db, sessionUser(request), request.params.id, {
          ...(name !== undefined && { name }),
          ...(price !== undefined && { priceCents: price }),
          ...(minimum !== undefined && { minQuantity: minimum }),
          ...(available !== undefined && { availableQuantity: available }),
          ...(description !== undefined && { description }),
          ...(img !== undefined && { imageUrl: img }),
          ...(category !== undefined && { categorySlug: category }),
        }),
      );
    },
  );

  app.delete(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: {
        params: idParams,
        response: { 200: z.object({ deleted: z.boolean(), hidden: z.boolean() }) },
      },
      onRequest: adminOnly,
    },
    (request) => removePart(app.db, sessionUser(request), request.params.id),
  );
};
