import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { sendThroughCache } from '#server/modules/catalog/send-cached.ts';
import { sitePageInputSchema, sitePageSchema } from '#shared/contracts/site-page.ts';
import { knownSitePage, readSitePage, saveSitePage } from './service';

/** Any slug is taken (an unknown one is a 404, not a 400); a long one is no page's. */
const slugParams = z.object({ slug: z.string().max(40) });

/**
 * The shop's pages of text (About us, Returns & warranty…): read by anyone through the catalogue cache
 * (they are on every visitor's way, and a change reaches every instance by the table's trigger), saved
 * by admins (audited).
 */
export const sitePageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pages/:slug',
    { schema: { params: slugParams, response: { 200: sitePageSchema } } },
    (request, reply) => {
      const page = knownSitePage(request.params.slug);
      return sendThroughCache(app.catalogCache, request, reply, `pages:${page.slug}`, async () => ({
        json: await readSitePage(app.db, page.slug),
      }));
    },
  );

  app.put(
    '/pages/:slug',
    {
      config: { changesCatalogue: true },
      schema: { params: slugParams, body: sitePageInputSchema, response: { 200: sitePageSchema } },
      onRequest: requireAdmin(app),
    },
    (request) => saveSitePage(app.db, sessionUser(request), request.params.slug, request.body.body),
  );
};
