import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refuseAdmins, requireCustomer, sessionUser } from '#server/auth/guards.ts';
import { idParams } from '#server/http/record-id.ts';
import { invalid } from '#server/lib/domain-errors.ts';
import { clientKey, enforceRateLimit } from '#server/lib/rate-limit.ts';
import {
  myStockAlertSchema,
  type StockAlertAnswer,
  stockAlertAnswerSchema,
  stockAlertConfirmedSchema,
  stockAlertInputSchema,
  stockAlertTokenSchema,
  stockAlertUnsubscribedSchema,
} from '#shared/contracts/stock-alert.ts';
import type { StockAlertLinks } from './links';
import {
  askForStockAlert,
  cancelStockAlert,
  confirmStockAlert,
  invalidLink,
  isWaitingFor,
  unsubscribeStockAlerts,
} from './service';

const EMAIL_REQUIRED = 'Email is required';

const answerFor = (status: StockAlertAnswer['status'], email: string): StockAlertAnswer => ({
  status,
  message:
    status === 'subscribed'
      ? `We will email ${email} once, when it is back.`
      : `Check your inbox at ${email}: open the link we sent to confirm. Nothing else is sent to that address until you do.`,
});

/**
 * "Notify me when it's back" (decision 034): a customer's verified address is on the list in one click;
 * a visitor's (or an unverified customer's) address is mailed a link to confirm first, and visitors may
 * ask so many times an hour per client address. The mailed links confirm and unsubscribe without
 * signing in. Admins do not buy, so they are not offered it.
 */
export const stockAlertRoutes: FastifyPluginAsyncZod<{ links: StockAlertLinks }> = async (app, { links }) => {
  const visitorRequests = {
    name: 'stock-alert',
    limit: app.config.STOCK_ALERTS_PER_CLIENT_PER_HOUR,
    windowMs: 3_600_000,
  };
  // Mail programs post a one-click unsubscribe as a form (RFC 8058); in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/part/:id/notify',
    {
      schema: {
        params: idParams,
        // A customer's click may send no body at all.
        body: stockAlertInputSchema.nullish(),
        response: { 200: stockAlertAnswerSchema, 201: stockAlertAnswerSchema, 202: stockAlertAnswerSchema },
      },
      onRequest: refuseAdmins(app),
    },
    async (request, reply) => {
      const customer = request.user;
      const email = customer?.email ?? request.body?.email;
      if (!email) throw invalid(EMAIL_REQUIRED, { email: EMAIL_REQUIRED });
      if (!customer) await enforceRateLimit(app.db, visitorRequests, clientKey(request));
      const { status, created } = await askForStockAlert(app.db, {
        partId: request.params.id,
        email,
        userId: customer?.id ?? null,
        confirmed: customer?.emailVerified === true,
      });
      return reply
        .code(status === 'confirmation_sent' ? 202 : created ? 201 : 200)
        .send(answerFor(status, email));
    },
  );

  app.get(
    '/part/:id/notify',
    { schema: { params: idParams, response: { 200: myStockAlertSchema } }, onRequest: requireCustomer(app) },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { subscribed: await isWaitingFor(app.db, request.params.id, sessionUser(request).email) };
    },
  );

  app.delete(
    '/part/:id/notify',
    { schema: { params: idParams, response: { 204: z.null() } }, onRequest: requireCustomer(app) },
    async (request, reply) => {
      await cancelStockAlert(app.db, request.params.id, sessionUser(request).email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/stock-alerts/confirm',
    { schema: { body: stockAlertTokenSchema, response: { 200: stockAlertConfirmedSchema } } },
    async (request) => {
      const alertId = links.read('confirm', request.body.token);
      if (!alertId) throw invalidLink();
      const { part, inStock } = await confirmStockAlert(app.db, alertId);
      return {
        part,
        inStock,
        message: inStock
          ? `${part.name} is in stock already: we are sending you its mail now.`
          : `Confirmed: we will email you once, when ${part.name} is back.`,
      };
    },
  );

  app.post(
    '/stock-alerts/unsubscribe',
    {
      schema: {
        // The token travels in the address (a mail program's one-click post) or in the body (the page).
        querystring: z.object({ token: z.string().max(200).optional() }),
        body: z.object({ token: z.string().max(200).optional() }).nullish(),
        response: { 200: stockAlertUnsubscribedSchema },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      const alertId = token ? links.read('unsubscribe', token) : null;
      if (!alertId) throw invalidLink();
      const ended = await unsubscribeStockAlerts(app.db, alertId);
      return { ended, message: 'You will get no more back-in-stock mails at this address.' };
    },
  );
};
