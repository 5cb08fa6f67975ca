import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCustomer, sessionUser } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import {
  addressInputSchema,
  addressPatchSchema,
  savedAddressListSchema,
  savedAddressSchema,
} from '#shared/contracts/address.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service';

/** The address book (`/api/addresses`): a customer's own addresses only; admins do not buy. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const customer = requireCustomer(app);

  app.get(
    '/addresses',
    { schema: { response: { 200: savedAddressListSchema } }, onRequest: customer },
    (request) => listAddresses(app.db, sessionUser(request)),
  );

  app.post(
    '/addresses',
    { schema: { body: addressInputSchema, response: { 201: savedAddressSchema } }, onRequest: customer },
    async (request, reply) =>
      reply.code(201).send(await createAddress(app.db, sessionUser(request), request.body)),
  );

  app.patch(
    '/addresses/:id',
    {
      schema: { params: idParams, body: addressPatchSchema, response: { 200: savedAddressSchema } },
      onRequest: customer,
    },
    (request) => updateAddress(app.db, sessionUser(request), request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    { schema: { params: idParams }, onRequest: customer },
    async (request, reply) => {
      await deleteAddress(app.db, sessionUser(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
