import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-setup';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { registerWebApp } from './http/web';
import { catalogRoutes } from './modules/catalog/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { healthRoutes } from './modules/health/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { webRoot as defaultWebRoot } from './paths';

export interface AppOptions {
  config: Config;
  /** An open, migrated database; the app does not close it (its owner does). */
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole shop as one Fastify instance; main.ts only starts it, tests call inject(). */
export async function buildApp({ config, database, webRoot, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(reviewRoutes);
      await api.register(feedbackRoutes);
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, webRoot ?? defaultWebRoot);
  return app;
}
