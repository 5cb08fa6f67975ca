import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { sendThroughCache } from '#server/modules/catalog/send-cached.ts';
import {
  categoryInputSchema,
  categoryListSchema,
  categoryRenameSchema,
  categorySchema,
} from '#shared/contracts/category.ts';
import { createCategory, deleteCategory, listCategories, renameCategory } from './service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/categories', { schema: { response: { 200: categoryListSchema } } }, (request, reply) =>
    sendThroughCache(app.catalogCache, request, reply, 'categories', async () => ({
      // Their parts on sale are counted whatever their stock.
      json: await listCategories(app.db),
      stockOf: [],
    })),
  );

  const adminOnly = requireAdmin(app);
  const slugParams = z.object({ slug: z.string().max(60) });

  app.post(
    '/categories',
    {
      config: { changesCatalogue: true },
      schema: { body: categoryInputSchema, response: { 201: categorySchema } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(await createCategory(app.db, sessionUser(request), request.body)),
  );

  app.patch(
    '/categories/:slug',
    {
      config: { changesCatalogue: true },
      schema: { params: slugParams, body: categoryRenameSchema, response: { 200: categorySchema } },
      onRequest: adminOnly,
    },
    (request) => renameCategory(app.db, sessionUser(request), request.params.slug, request.body.name),
  );

  app.delete(
    '/categories/:slug',
    {
      config: { changesCatalogue: true },
      schema: { params: slugParams, response: { 200: z.object({ deleted: z.literal(true) }) } },
      onRequest: adminOnly,
    },
    (request) => deleteCategory(app.db, sessionUser(request), request.params.slug),
  );
};
