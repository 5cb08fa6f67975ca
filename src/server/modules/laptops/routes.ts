import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { pageLinks, queryParams } from '#server/http/page-links.ts';
import { sendThroughCache } from '#server/modules/catalog/send-cached.ts';
import {
  laptopBrandsSchema,
  laptopDetailSchema,
  laptopInputSchema,
  laptopListSchema,
  laptopPatchSchema,
  laptopQuerySchema,
  laptopSchema,
  laptopSlugSchema,
} from '#shared/contracts/laptop.ts';
import { laptopCacheKey, laptopLoader } from './cached-laptop';
import { createLaptop, deleteLaptop, fittingParts, listBrands, listLaptops, updateLaptop } from './service';

const slugParams = z.object({ slug: laptopSlugSchema });

/** Laptop models: read by anyone (through the catalogue cache), changed by admins (audited). */
export const laptopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/laptops',
    { schema: { querystring: laptopQuerySchema, response: { 200: laptopListSchema } } },
    (request, reply) => {
      const query = request.query;
      const key =
        query.page === 1
          ? `laptops:${JSON.stringify([query.q?.toLowerCase(), query.brand?.toLowerCase(), query.limit])}`
          : null;
      return sendThroughCache(app.catalogCache, request, reply, key, async () => {
        const { models, total } = await listLaptops(app.db, query);
        const links = pageLinks(
          '/api/laptops',
          { page: query.page, limit: query.limit, total },
          queryParams({ q: query.q, brand: query.brand }),
        );
        return { json: models, total, links, stockOf: [] };
      });
    },
  );

  app.get('/laptops/brands', { schema: { response: { 200: laptopBrandsSchema } } }, (request, reply) =>
    sendThroughCache(app.catalogCache, request, reply, 'laptops:brands', async () => ({
      json: await listBrands(app.db),
    })),
  );

  app.get(
    '/laptops/:slug',
    { schema: { params: slugParams, response: { 200: laptopDetailSchema } } },
    (request, reply) =>
      sendThroughCache(
        app.catalogCache,
        request,
        reply,
        laptopCacheKey(request.params.slug),
        laptopLoader(app, request.params.slug),
      ),
  );

  app.get(
    '/laptops/:slug/fitting-parts',
    {
      schema: {
        params: slugParams,
        querystring: z.object({
          ids: z
            .string()
            .max(100 * 37)
            .transform((ids) => ids.split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id)))
            .pipe(z.array(z.string()).max(100, 'At most 100 parts')),
        }),
        response: { 200: z.array(z.string()) },
      },
    },
    (request) => fittingParts(app.db, request.params.slug, request.query.ids),
  );

  const adminOnly = requireAdmin(app);

  app.post(
    '/laptops',
    {
      config: { changesCatalogue: true },
      schema: { body: laptopInputSchema, response: { 201: laptopSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(await createLaptop(app.db, sessionUser(request), request.body)),
  );

  app.patch(
    '/laptops/:slug',
    {
      config: { changesCatalogue: true },
      schema: { params: slugParams, body: laptopPatchSchema, response: { 200: laptopSchema } },
      onRequest: adminOnly,
    },
    (request) => updateLaptop(app.db, sessionUser(request), request.params.slug, request.body),
  );

  app.delete(
    '/laptops/:slug',
    {
      config: { changesCatalogue: true },
      schema: {
        params: slugParams,
        response: { 200: z.object({ deleted: z.literal(true), fits: z.number().int() }) },
      },
      onRequest: adminOnly,
    },
    (request) => deleteLaptop(app.db, sessionUser(request), request.params.slug),
  );
};
