import type { FastifyInstance } from 'fastify';
import type { CachedJson } from './catalog-cache';
import { toPartReadShape } from './part-shape';
import { getPart } from './service';

/** One part's place in the catalogue cache: the API and the product page's head share it. */
export const partCacheKey = (id: string) => `part:${id}`;

export const partLoader = (app: FastifyInstance, id: string) => async () => ({
  json: toPartReadShape(await getPart(app.db, id)),
});

/** One part's answer through the catalogue cache. */
export function cachedPart(app: FastifyInstance, id: string): Promise<CachedJson> {
  return app.catalogCache.get(partCacheKey(id), partLoader(app, id));
}
