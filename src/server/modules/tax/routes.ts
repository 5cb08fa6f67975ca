import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import { taxRateInputSchema, taxRateListSchema, taxRateSchema } from '#shared/contracts/tax-rate.ts';
import { deleteTaxRate, listTaxRates, setTaxRate } from './service';

/**
 * Tax rates (`/api/tax-rates`), for admins only: the list, setting a country's or region's rate (201
 * when the place had none, 200 when it replaced one), and removing one; changes are audited.
 */
export const taxRateRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireAdmin(app);

  app.get('/tax-rates', { schema: { response: { 200: taxRateListSchema } }, onRequest: adminOnly }, () =>
    listTaxRates(app.db),
  );

  app.post(
    '/tax-rates',
    {
      schema: { body: taxRateInputSchema, response: { 200: taxRateSchema, 201: taxRateSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const { rate, created } = await setTaxRate(app.db, sessionUser(request), request.body);
      return reply.code(created ? 201 : 200).send(rate);
    },
  );

  app.delete(
    '/tax-rates/:id',
    { schema: { params: idParams }, onRequest: adminOnly },
    async (request, reply) => {
      await deleteTaxRate(app.db, sessionUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
