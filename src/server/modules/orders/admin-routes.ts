import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { queryParams, setPageHeaders } from '#server/http/page-links.ts';
import { idParams } from '#server/http/record-id.ts';
import { stockChangeOf } from '#server/modules/catalog/catalog-cache.ts';
import {
  adminOrderListSchema,
  adminOrderQuerySchema,
  refundInputSchema,
  shipOrderInputSchema,
} from '#shared/contracts/admin.ts';
import { orderSchema } from '#shared/contracts/order.ts';
import { ordersCsv } from './export';
import { toOrderReadShape } from './order-shape';
import { refundLines } from './refund';
import { deliverOrder, listAllOrders, loadOrder, shipOrder } from './service';

/** The admins' view of every order: filter by status, find by number or email, ship and deliver. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);
  const readBack = async (id: string) => toOrderReadShape((await loadOrder(app.db, id))!, 'admin');

  app.get(
    '/orders',
    {
      schema: { querystring: adminOrderQuerySchema, response: { 200: adminOrderListSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { status, q, page, limit } = request.query;
      const found = await listAllOrders(app.db, request.query);
      setPageHeaders(reply, '/api/orders', { page, limit, total: found.total }, queryParams({ status, q }));
      return found.orders.map((order) => toOrderReadShape(order, 'admin'));
    },
  );

  /** Every order line the All Orders filter selects, as a spreadsheet-safe CSV download. */
  app.get(
    '/orders.csv',
    {
      schema: { querystring: adminOrderQuerySchema.omit({ page: true, limit: true }) },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(ordersCsv(app.db, request.query));
    },
  );

  app.post(
    '/orders/:id/ship',
    {
      // The body is optional: an empty POST (no tracking number) still ships.
      schema: { params: idParams, body: shipOrderInputSchema.nullish(), response: { 200: orderSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      const shipped = await shipOrder(
        app.db,
        sessionUser(request),
        request.params.id,
        request.body?.trackingNumber,
      );
      return readBack(shipped.id);
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { changesCatalogue: true },
      // The body is optional: an empty POST refunds the whole order without a reason or restocking.
      schema: { params: idParams, body: refundInputSchema.nullish(), response: { 200: orderSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      const { lines, shipping, reason, restock, expectRefundedCents } = request.body ?? {
        restock: false,
        shipping: false,
      };
      const refunded = await refundLines(app.db, app.payments, sessionUser(request), request.params.id, {
        lines: lines ?? null,
        shipping,
        reason,
        restock,
        expectRefundedCents,
      });
      const order = (await loadOrder(app.db, refunded.id))!;
      // Restocked units change only this order's parts: the catalogue's cache forgets those.
      request.catalogueChange = stockChangeOf(order.lines);
      return toOrderReadShape(order, 'admin');
    },
  );

  app.post(
    '/orders/:id/deliver',
    { schema: { params: idParams, response: { 200: orderSchema } }, onRequest: adminOnly },
    async (request) => readBack((await deliverOrder(app.db, sessionUser(request), request.params.id)).id),
  );
};
