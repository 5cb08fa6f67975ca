import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partListSchema, partSchema } from '../../../shared/contracts/part';
import { partInputSchema, partPatchSchema } from '../../../shared/contracts/part-input';
import { requireAdmin, sessionUser } from '../../auth/guards';
import { sendEncoded } from '../../http/encoded-body';
import type { CachedJson } from './catalog-cache';
import { createPart, getPart, listParts, removePart, updatePart } from './service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Sends cached JSON with an ETag; a client holding the same version gets 304. */
  const sendCached = (request: FastifyRequest, reply: FastifyReply, cached: CachedJson) => {
    reply.header('etag', cached.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === cached.etag) return reply.code(304).send();
    return sendEncoded(request, reply.type('application/json; charset=utf-8'), cached);
  };

  app.get('/part', { schema: { response: { 200: partListSchema } } }, async (request, reply) =>
    sendCached(request, reply, await app.catalogCache.get('list', () => listParts(app.db))),
  );

  app.get(
    '/part/:id',
    { schema: { params: z.object({ id: z.string().max(100) }), response: { 200: partSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      return sendCached(request, reply, await app.catalogCache.get(`part:${id}`, () => getPart(app.db, id)));
    },
  );

  const adminOnly = requireAdmin(app);
  const idParams = z.object({ id: z.string().max(100) });

  app.post(
    '/part',
    { schema: { body: partInputSchema, response: { 201: partSchema } }, preHandler: adminOnly },
    async (request, reply) =>
      reply.code(201).send(await createPart(app.db, sessionUser(request), request.body)),
  );

  app.put(
    '/part/:id',
    {
      schema: { params: idParams, body: partInputSchema, response: { 200: partSchema } },
      preHandler: adminOnly,
    },
    (request) => updatePart(app.db, sessionUser(request), request.params.id, request.body),
  );

  app.patch(
    '/part/:id',
    {
      schema: { params: idParams, body: partPatchSchema, response: { 200: partSchema } },
      preHandler: adminOnly,
    },
    (request) => {
      const { name, price, minimum, available, description, img } = request.body;
      return updatePart(app.db, sessionUser(request), request.params.id, {
        ...(name !== undefined && { name }),
        ...(price !== undefined && { priceCents: price }),
        ...(minimum !== undefined && { minQuantity: minimum }),
        ...(available !== undefined && { availableQuantity: available }),
        ...(description !== undefined && { description }),
        ...(img !== undefined && { imageUrl: img }),
      });
    },
  );

  app.delete(
    '/part/:id',
    {
      schema: {
        params: idParams,
        response: { 200: z.object({ deleted: z.boolean(), hidden: z.boolean() }) },
      },
      preHandler: adminOnly,
    },
    (request) => removePart(app.db, sessionUser(request), request.params.id),
  );
};
