import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PartDetail } from '#shared/contracts/part.ts';
import '#shared/zod-setup.ts';
import { createAuth } from '#server/auth/auth.ts';
import { authRoutes } from '#server/auth/routes.ts';
import { sessionReader } from '#server/auth/session-reader.ts';
import type { Database } from '#server/db/database.ts';
import { publicReadCacheControl } from '#server/http/cache-policy.ts';
import { registerErrorHandling } from '#server/http/error-handler.ts';
import { registerJsonBodyParser } from '#server/http/json-body.ts';
import { registerOverloadProtection } from '#server/http/overload.ts';
import { rejectNulCharacters } from '#server/http/reject-nul.ts';
import { requestIdGenerator } from '#server/http/request-id.ts';
import { OneLinePerAnswer, requestLoggerFactory } from '#server/http/request-logger.ts';
import { refuseCrossSiteMutations } from '#server/http/same-origin.ts';
import { securityHeaders } from '#server/http/security-headers.ts';
import { registerWebApp } from '#server/http/web.ts';
import { startJobWorker } from '#server/jobs/queue.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { addressRoutes } from '#server/modules/addresses/routes.ts';
import { auditRoutes } from '#server/modules/audit/routes.ts';
import { scheduleGuestCartCleanup } from '#server/modules/cart/guest-cart.ts';
import { cartRoutes } from '#server/modules/cart/routes.ts';
import { cachedPart } from '#server/modules/catalog/cached-part.ts';
import { CatalogCache, catalogueChangeOf } from '#server/modules/catalog/catalog-cache.ts';
import { catalogRoutes } from '#server/modules/catalog/routes.ts';
import { countActiveParts, partsForSitemap } from '#server/modules/catalog/service.ts';
import { categoryRoutes } from '#server/modules/categories/routes.ts';
import { discountRoutes } from '#server/modules/discounts/routes.ts';
import { feedbackRoutes } from '#server/modules/feedback/routes.ts';
import { healthRoutes } from '#server/modules/health/routes.ts';
import { imageFileRoutes } from '#server/modules/images/file-routes.ts';
import { imageUploadRoutes } from '#server/modules/images/upload-routes.ts';
import { cachedLaptop } from '#server/modules/laptops/cached-laptop.ts';
import { laptopRoutes } from '#server/modules/laptops/routes.ts';
import { countLaptopsForSitemap, laptopsForSitemap } from '#server/modules/laptops/service.ts';
import { adminOrderRoutes } from '#server/modules/orders/admin-routes.ts';
import { claimGuestOrders } from '#server/modules/orders/buyer.ts';
import { scheduleOrderExpiry } from '#server/modules/orders/expiry.ts';
import { orderLinks } from '#server/modules/orders/order-link.ts';
import { ORDER_MAIL_JOB } from '#server/modules/orders/order-mail-events.ts';
import { orderMailJob } from '#server/modules/orders/order-mail-job.ts';
import { SETTLE_REFUND_JOB, settleRefundJob } from '#server/modules/orders/refund.ts';
import { orderRoutes } from '#server/modules/orders/routes.ts';
import { partReviewRoutes } from '#server/modules/part-reviews/routes.ts';
import { paymentRoutes } from '#server/modules/payments/routes.ts';
import { stripeWebhookRoutes } from '#server/modules/payments/webhook-routes.ts';
import { profileRoutes } from '#server/modules/profiles/routes.ts';
import { returnRoutes } from '#server/modules/returns/routes.ts';
import { reviewRoutes } from '#server/modules/reviews/routes.ts';
import { sessionRoutes } from '#server/modules/session/routes.ts';
import { shippingMethodRoutes } from '#server/modules/shipping/routes.ts';
import { sitePageRoutes } from '#server/modules/site-pages/routes.ts';
import { statsRoutes } from '#server/modules/stats/routes.ts';
import { stockAlertLinks } from '#server/modules/stock-alerts/links.ts';
import { stockAlertJobs } from '#server/modules/stock-alerts/mail-jobs.ts';
import { stockAlertRoutes } from '#server/modules/stock-alerts/routes.ts';
import { taxRateRoutes } from '#server/modules/tax/routes.ts';
import { userRoutes } from '#server/modules/users/routes.ts';
import { removeOwnAccount } from '#server/modules/users/service.ts';
import { createPaymentProvider } from '#server/payments/create-provider.ts';
import type { Config } from './config';
import { webRoot as defaultWebRoot } from './paths';

export interface RouteEntry {
  method: string;
  url: string;
}

export interface AppOptions {
  config: Config;
  /** An open, migrated database; the app does not close it (its owner does). */
  database: Database;
  /** Signs session cookies (see resolveAuthSecret). */
  authSecret: string;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole shop as one Fastify instance; main.ts only starts it, tests call inject(). */
export async function buildApp({
  config,
  database,
  authSecret,
  webRoot,
  logger,
}: AppOptions): Promise<FastifyInstance> {
  const catalogCache = new CatalogCache(
    undefined,
    undefined,
    publicReadCacheControl(config.SHARED_CACHE_SECONDS),
  );
  const nextRequestId = requestIdGenerator();
  const headersFor = securityHeaders({
    stripe: config.PAYMENT_PROVIDER === 'stripe',
    https: config.publicUrl.startsWith('https://'),
  });
  const answerLog = new OneLinePerAnswer();
  const app: FastifyInstance = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: nextRequestId,
    childLoggerFactory: requestLoggerFactory,
    // One line per answer instead of Fastify's two per request.
    logController: answerLog,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });
  const routeTable: RouteEntry[] = [];
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    printLinks: config.NODE_ENV === 'development',
  });
  // Our own catalogue changes show at once, before the database's notification arrives: of the parts
  // the request changed when it names them (an order: its lines), else everything. Only routes that
  // say they change the catalogue get the hook, so reads, sign-ins and feedback leave it alone.
  const invalidateAfterChange = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (reply.statusCode < 400) catalogCache.invalidate(request.catalogueChange ?? undefined);
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
    if (route.config?.changesCatalogue)
      route.onResponse = [route.onResponse ?? []].flat().concat(invalidateAfterChange);
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'auth',
    createAuth({
      config,
      log: app.log,
      db: database.db,
      secret: authSecret,
      mailer,
      onEmailProven: async (user) => {
        await claimGuestOrders(database.db, user);
      },
    }),
  );
  const { payments, sandbox } = createPaymentProvider(config, database.db);
  app.decorate('payments', payments);
  const links = orderLinks(authSecret, config.publicUrl);
  app.decorate('orderLinks', links);
  app.decorate('sandboxPayments', sandbox);
  app.decorate('readSession', sessionReader(app, authSecret));
  app.decorateRequest('user', null);
  app.decorateRequest('catalogueChange', null);
  app.decorateRequest('authSession', null);
  app.decorate('catalogCache', catalogCache);
  // One mechanism for every instance, this one included: the database announces each change to the
  // catalogue, saying which parts when it can (catalog-cache.ts catalogueChangeOf).
  await database.listen(
    'catalog_changed',
    (payload) => catalogCache.invalidate(catalogueChangeOf(payload)),
    () => catalogCache.invalidate(),
  );

  // Background work on every instance: unpaid orders past their hold expire (exactly once each, see
  // expiry.ts), visitor carts older than their cookie go, and queued jobs (order mails, back-in-stock
  // alerts and their mails) run (see jobs/queue.ts).
  let expiry: ReturnType<typeof scheduleOrderExpiry> | null = null;
  let guestCartCleanup: ReturnType<typeof scheduleGuestCartCleanup> | null = null;
  const alertLinks = stockAlertLinks(authSecret, config.publicUrl);
  const jobs = startJobWorker(
    database.db,
    {
      [ORDER_MAIL_JOB]: orderMailJob({ db: database.db, mailer, config, links }),
      [SETTLE_REFUND_JOB]: settleRefundJob({ db: database.db, payments }),
      ...stockAlertJobs({ db: database.db, mailer, links: alertLinks, publicUrl: config.publicUrl }),
    },
    app.log,
  );
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    expiry = scheduleOrderExpiry(database.db, payments, app.log);
    guestCartCleanup = scheduleGuestCartCleanup(database.db, app.log);
  });
  app.addHook('onClose', async () => {
    await Promise.all([expiry?.stop(), guestCartCleanup?.stop(), jobs.stop()]);
    // After the jobs, which may be sending a mail.
    mailer.close();
  });

  registerErrorHandling(app);
  registerJsonBodyParser(app);
  answerLog.logger = app.log;
  // First of all hooks, so that early answers (404, 403, 503) carry the same headers.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url, request.headers.cookie)).header('x-request-id', request.id);
    done();
  });
  registerOverloadProtection(app, config);
  rejectNulCharacters(app);
  app.addHook('onRequest', refuseCrossSiteMutations(config.trustedOrigins));

  await app.register(healthRoutes);
  await app.register(authRoutes, {
    secret: authSecret,
    deleteAccount: (user) => removeOwnAccount(app.db, user, config.ADMIN_EMAILS),
  });
  if (config.PAYMENT_PROVIDER === 'stripe') await app.register(stripeWebhookRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(categoryRoutes);
      await api.register(laptopRoutes);
      await api.register(imageUploadRoutes);
      await api.register(reviewRoutes);
      await api.register(partReviewRoutes);
      await api.register(stockAlertRoutes, { links: alertLinks });
      await api.register(feedbackRoutes);
      await api.register(sessionRoutes);
      await api.register(profileRoutes);
      await api.register(addressRoutes);
      await api.register(userRoutes);
      await api.register(orderRoutes);
      await api.register(paymentRoutes);
      await api.register(cartRoutes);
      await api.register(adminOrderRoutes);
      await api.register(returnRoutes);
      await api.register(auditRoutes);
      await api.register(statsRoutes);
      await api.register(sitePageRoutes);
      await api.register(shippingMethodRoutes);
      await api.register(taxRateRoutes);
      await api.register(discountRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(imageFileRoutes);
  await registerWebApp(app, webRoot ?? defaultWebRoot, {
    part: (id) => cachedPart(app, id).then((cached) => JSON.parse(cached.bytes.toString()) as PartDetail),
    laptop: (slug) => cachedLaptop(app, slug),
    countParts: () => countActiveParts(app.db),
    partsForSitemap: (offset, limit) => partsForSitemap(app.db, offset, limit),
    countLaptops: () => countLaptopsForSitemap(app.db),
    laptopsForSitemap: (offset, limit) => laptopsForSitemap(app.db, offset, limit),
  });
  return app;
}
