import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { errorBody } from '#server/http/errors.ts';
import { invalid } from '#server/lib/domain-errors.ts';
import { uploadedImageSchema } from '#shared/contracts/uploaded-image.ts';
import { IMAGE_UPLOAD_RULE, MAX_IMAGE_UPLOAD_BYTES } from '#shared/image-upload-rule.ts';
import { uploadedImageUrl } from '#shared/uploaded-images.ts';
import { storeImage } from './service';

/**
 * `POST /api/images`: the request body is the picture itself (see docs/decisions/011-image-uploads.md).
 * Whatever type the request declares, the body is read as bytes and judged by them alone.
 */
export const imageUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  // A picture over the limit gets the rule it broke, not the shop's general "body too large".
  app.setErrorHandler((error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send(errorBody('payload_too_large', IMAGE_UPLOAD_RULE));
    throw error;
  });

  app.post(
    '/images',
    {
      bodyLimit: MAX_IMAGE_UPLOAD_BYTES,
      onRequest: requireAdmin(app),
      schema: { response: { 201: uploadedImageSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw invalid(IMAGE_UPLOAD_RULE);
      const id = await storeImage(app.db, sessionUser(request), body);
      return reply.code(201).send({ url: uploadedImageUrl(id, 'product') });
    },
  );
};
