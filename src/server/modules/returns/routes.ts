import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { queryParams, setPageHeaders } from '#server/http/page-links.ts';
import { idParams } from '#server/http/record-id.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import { stockChangeOf } from '#server/modules/catalog/catalog-cache.ts';
import {
  holderOf,
  orderForHolder,
  requireAccountOrLink,
  tokenQuery,
} from '#server/modules/orders/order-access.ts';
import {
  notFittingSchema,
  receiveReturnSchema,
  rejectReturnSchema,
  returnListQuerySchema,
  returnListSchema,
  returnRequestSchema,
  returnSchema,
} from '#shared/contracts/returns.ts';
import { toReturnReadShape } from './return-shape';
import {
  approveReturn,
  listReturns,
  listReturnsOfOrder,
  loadReturn,
  notFittingReports,
  receiveReturn,
  refundReturn,
  rejectReturn,
  requestReturn,
} from './service';

/**
 * Returns of delivered parts (docs/decisions/037-returns.md): asked for by the order's buyer (an account,
 * or a visitor through the order's private link), worked by admins through the return's one table.
 */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);
  const accountOrLink = requireAccountOrLink(app);
  /** Asking for a return is the buyer's: an admin (without an order's link) is refused before the body is read. */
  const buyerOrLink = async (request: FastifyRequest, reply: FastifyReply) => {
    await accountOrLink(request, reply);
    const { token } = (request.query ?? {}) as { token?: unknown };
    if (request.user?.role === 'admin' && !token) throw forbidden();
  };
  const links = app.orderLinks;
  const requests = {
    name: 'return-request',
    limit: app.config.RETURN_REQUESTS_PER_HOUR,
    windowMs: 3_600_000,
  };
  const readBack = async (id: string) => toReturnReadShape(await loadReturn(app.db, id));

  app.get(
    '/purchase/:id/returns',
    {
      schema: { params: idParams, querystring: tokenQuery, response: { 200: z.array(returnSchema) } },
      onRequest: accountOrLink,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const holder = holderOf(request, links, request.query.token);
      const order = await orderForHolder(app.db, holder, request.params.id);
      return (await listReturnsOfOrder(app.db, order.id)).map(toReturnReadShape);
    },
  );

  app.post(
    '/purchase/:id/returns',
    {
      schema: {
        params: idParams,
        querystring: tokenQuery,
        body: returnRequestSchema,
        response: { 201: returnSchema },
      },
      onRequest: buyerOrLink,
    },
    async (request, reply) => {
      const holder = holderOf(request, links, request.query.token);
      const order = await orderForHolder(app.db, holder, request.params.id);
      await enforceRateLimit(
        app.db,
        requests,
        holder.user ? `user:${holder.user.id}` : `client:${clientKey(request)}`,
      );
      const created = await requestReturn(app.db, order.id, holder.user ?? null, request.body);
      return reply.code(201).send(await readBack(created.id));
    },
  );

  app.get(
    '/returns',
    {
      schema: { querystring: returnListQuerySchema, response: { 200: returnListSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { status, reason, page, limit } = request.query;
      const found = await listReturns(app.db, request.query);
      setPageHeaders(
        reply,
        '/api/returns',
        { page, limit, total: found.total },
        queryParams({ status, reason }),
      );
      return found.returns.map(toReturnReadShape);
    },
  );

  app.post(
    '/returns/:id/approve',
    { schema: { params: idParams, response: { 200: returnSchema } }, onRequest: adminOnly },
    async (request) => readBack((await approveReturn(app.db, sessionUser(request), request.params.id)).id),
  );

  app.post(
    '/returns/:id/reject',
    {
      schema: { params: idParams, body: rejectReturnSchema, response: { 200: returnSchema } },
      onRequest: adminOnly,
    },
    async (request) =>
      readBack((await rejectReturn(app.db, sessionUser(request), request.params.id, request.body.reason)).id),
  );

  app.post(
    '/returns/:id/receive',
    {
      config: { changesCatalogue: true },
      // The body is optional: an empty POST receives the parts without restocking them.
      schema: { params: idParams, body: receiveReturnSchema.nullish(), response: { 200: returnSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      const moved = await receiveReturn(
        app.db,
        sessionUser(request),
        request.params.id,
        request.body ?? { restock: false },
      );
      const ret = await loadReturn(app.db, moved.id);
      // Restocked units change only the return's parts: the catalogue's cache forgets those.
      request.catalogueChange = stockChangeOf(ret.lines);
      return toReturnReadShape(ret);
    },
  );

  app.post(
    '/returns/:id/refund',
    { schema: { params: idParams, response: { 200: returnSchema } }, onRequest: adminOnly },
    async (request) =>
      readBack((await refundReturn(app.db, app.payments, sessionUser(request), request.params.id)).id),
  );

  /** What the part's admin page shows beside its fits: the laptops its buyers said it did not fit. */
  app.get(
    '/part/:id/not-fitting',
    { schema: { params: idParams, response: { 200: notFittingSchema } }, onRequest: adminOnly },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return notFittingReports(app.db, request.params.id);
    },
  );
};
