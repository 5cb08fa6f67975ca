import type { FastifyInstance } from 'fastify';
import type { CachedJson } from './catalog-cache';
import { toPartReadShape } from './part-shape';
import { getPart } from './service';

/** One part's answer through the catalogue cache: the API and the product page's head share it. */
export function cachedPart(app: FastifyInstance, id: string): Promise<CachedJson> {
  return app.catalogCache.get(`part:${id}`, async () => ({
    json: toPartReadShape(await getPart(app.db, id)),
  }));
}
