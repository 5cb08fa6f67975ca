import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { pageLinks, queryParams } from '#server/http/page-links.ts';
import {
  discountCodeDeactivatedSchema,
  discountCodeInputSchema,
  discountCodeListSchema,
  discountCodePatchSchema,
  discountCodeSchema,
  discountQuerySchema,
  MAX_CODE_LENGTH,
} from '#shared/contracts/discount-code.ts';
import { createDiscountCode, deleteDiscountCode, updateDiscountCode } from './changes';
import { listDiscountCodes } from './service';

/** Any code is looked up (an unknown one is a 404); a longer one is no code's. */
const codeParams = z.object({ code: z.string().max(MAX_CODE_LENGTH + 8) });

/** Discount codes for admins (`/api/discounts`): listed, added, changed, deleted or deactivated (audited). */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);

  app.get(
    '/discounts',
    {
      schema: { querystring: discountQuerySchema, response: { 200: discountCodeListSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const { codes, total } = await listDiscountCodes(app.db, request.query);
      reply.header('x-total-count', String(total)).header('cache-control', 'no-store');
      const links = pageLinks('/api/discounts', { page, limit, total }, queryParams({}));
      if (links) reply.header('link', links);
      return codes;
    },
  );

  app.post(
    '/discounts',
    {
      schema: { body: discountCodeInputSchema, response: { 201: discountCodeSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscountCode(app.db, sessionUser(request), request.body)),
  );

  app.patch(
    '/discounts/:code',
    {
      schema: { params: codeParams, body: discountCodePatchSchema, response: { 200: discountCodeSchema } },
      onRequest: adminOnly,
    },
    (request) => updateDiscountCode(app.db, sessionUser(request), request.params.code, request.body),
  );

  app.delete(
    '/discounts/:code',
    {
      schema: { params: codeParams, response: { 200: discountCodeDeactivatedSchema, 204: z.null() } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const kept = await deleteDiscountCode(app.db, sessionUser(request), request.params.code);
      return kept ? reply.code(200).send(kept) : reply.code(204).send(null);
    },
  );
};
