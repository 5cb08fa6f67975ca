import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '#server/lib/domain-errors.ts';
import { isImageVariant } from '#shared/uploaded-images.ts';
import { imageVariant } from './service';

/** An image's bytes never change under its address (a new upload gets a new id). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * `GET /images/uploads/:id/:variant.webp`: stored variants straight from the database, as they were
 * encoded at upload; any app instance on the same database serves any image.
 */
export const imageFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/images/uploads/:id/:variant.webp',
    { schema: { params: z.object({ id: z.string().max(100), variant: z.string().max(20) }) } },
    async (request, reply) => {
      const { id, variant } = request.params;
      const bytes = isImageVariant(variant) ? await imageVariant(app.db, id, variant) : null;
      if (!bytes) throw notFound('Image');
      return reply.header('cache-control', IMMUTABLE).type('image/webp').send(bytes);
    },
  );
};
