import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminOrderListSchema,
  adminOrderQuerySchema,
} from '../../../shared/contracts/admin';
import { orderSchema } from '../../../shared/contracts/order';
import { requireAdmin, sessionUser } from '../../auth/guards';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { isUuid } from '../../lib/uuid';
import { recordAudit } from '../audit/service';
import { toOrderReadShape } from './order-shape';

/** The admins' view of every order: filter by state, and ship what is paid. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);

  app.get(
    '/orders',
    {
      schema: { querystring: adminOrderQuerySchema, response: { 200: adminOrderListSchema } },
      preHandler: adminOnly,
    },
    async (request) => {
      const { status, page } = request.query;
      const where = status ? eq(orders.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt))
          .limit(ADMIN_PAGE_SIZE)
          .offset((page - 1) * ADMIN_PAGE_SIZE),
        app.db.select({ value: count() }).from(orders).where(where),
      ]);
      return {
        orders: rows.map(toOrderReadShape),
        total: total?.value ?? 0,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/orders/:id/ship',
    {
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: orderSchema } },
      preHandler: adminOnly,
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw notFound('Order');
      return app.db.transaction(async (tx) => {
        const [shipped] = await tx
          .update(orders)
          .set({ status: 'shipped', shippedAt: new Date(), updatedAt: new Date() })
          .where(and(eq(orders.id, id), eq(orders.status, 'paid')))
          .returning();
        if (!shipped) {
          const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
          if (!current) throw notFound('Order');
          throw new AppError(
            409,
            'order_not_shippable',
            `Only paid orders can be shipped; this one is ${current.status}.`,
          );
        }
        await recordAudit(tx, sessionUser(request), 'order.ship', id);
        return toOrderReadShape(shipped);
      });
    },
  );
};
