import type { FastifyInstance } from 'fastify';
import type { CachedJson } from './catalog-cache';
import { toPartDetail } from './part-shape';
import { fitsOfPart, getPart } from './service';

/** One part's place in the catalogue cache: the API and the product page's head share it. */
export const partCacheKey = (id: string) => `part:${id}`;

/** One part as its page reads it: with its specs and the laptops it fits. */
export const partLoader = (app: FastifyInstance, id: string) => async () => {
  const part = await getPart(app.db, id);
  return { json: toPartDetail(part, await fitsOfPart(app.db, id)), stockOf: [id] };
};

/** One part's answer through the catalogue cache. */
export function cachedPart(app: FastifyInstance, id: string): Promise<CachedJson> {
  return app.catalogCache.get(partCacheKey(id), partLoader(app, id));
}
