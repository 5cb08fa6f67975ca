import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PartDetail } from '../shared/contracts/part';
import '../shared/zod-setup';
import { createAuth } from './auth/auth';
import { authRoutes } from './auth/routes';
import { sessionReader } from './auth/session-reader';
import type { Config } from './config';
import type { Database } from './db/database';
import { publicReadCacheControl } from './http/cache-policy';
import { registerErrorHandling } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { registerOverloadProtection } from './http/overload';
import { rejectNulCharacters } from './http/reject-nul';
import { requestIdGenerator } from './http/request-id';
import { OneLinePerAnswer, requestLoggerFactory } from './http/request-logger';
import { refuseCrossSiteMutations } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web';
import { startJobWorker } from './jobs/queue';
import { createMailer } from './mail/mailer';
import { addressRoutes } from './modules/addresses/routes';
import { auditRoutes } from './modules/audit/routes';
import { scheduleGuestCartCleanup } from './modules/cart/guest-cart';
import { cartRoutes } from './modules/cart/routes';
import { cachedPart } from './modules/catalog/cached-part';
import { CatalogCache, catalogueChangeOf } from './modules/catalog/catalog-cache';
import { catalogRoutes } from './modules/catalog/routes';
import { countActiveParts, partsForSitemap } from './modules/catalog/service';
import { categoryRoutes } from './modules/categories/routes';
import { discountRoutes } from './modules/discounts/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { healthRoutes } from './modules/health/routes';
import { imageFileRoutes } from './modules/images/file-routes';
import { imageUploadRoutes } from './modules/images/upload-routes';
import { cachedLaptop } from './modules/laptops/cached-laptop';
import { laptopRoutes } from './modules/laptops/routes';
import { countLaptopsForSitemap, laptopsForSitemap } from './modules/laptops/service';
import { adminOrderRoutes } from './modules/orders/admin-routes';
import { claimGuestOrders } from './modules/orders/buyer';
import { scheduleOrderExpiry } from './modules/orders/expiry';
import { orderLinks } from './modules/orders/order-link';
import { ORDER_MAIL_JOB } from './modules/orders/order-mail-events';
import { orderMailJob } from './modules/orders/order-mail-job';
import { SETTLE_REFUND_JOB, settleRefundJob } from './modules/orders/refund';
import { orderRoutes } from './modules/orders/routes';
import { partReviewRoutes } from './modules/part-reviews/routes';
import { paymentRoutes } from './modules/payments/routes';
import { stripeWebhookRoutes } from './modules/payments/webhook-routes';
import { profileRoutes } from './modules/profiles/routes';
import { returnRoutes } from './modules/returns/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { sessionRoutes } from './modules/session/routes';
import { shippingMethodRoutes } from './modules/shipping/routes';
import { sitePageRoutes } from './modules/site-pages/routes';
import { statsRoutes } from './modules/stats/routes';
import { stockAlertLinks } from './modules/stock-alerts/links';
import { stockAlertJobs } from './modules/stock-alerts/mail-jobs';
import { stockAlertRoutes } from './modules/stock-alerts/routes';
import { taxRateRoutes } from './modules/tax/routes';
import { userRoutes } from './modules/users/routes';
import { removeOwnAccount } from './modules/users/service';
import { webRoot as defaultWebRoot } from './paths';
import { createPaymentProvider } from './payments/create-provider';

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
    if (reply.statusCode < 400)
      catalogCache.invalidate(request.changedParts ? { parts: request.changedParts } : undefined);
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
  app.decorateRequest('changedParts', null);
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
