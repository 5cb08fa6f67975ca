import type { FastifyInstance } from 'fastify';
import type { LaptopDetail } from '#shared/contracts/laptop.ts';
import { getLaptop } from './service';

/** One model's place in the catalogue cache: the API and the model page's head share it. */
export const laptopCacheKey = (slug: string) => `laptop:${slug}`;

/** One model as its page reads it: with the categories of the parts that fit it (counted whatever their stock). */
export const laptopLoader = (app: FastifyInstance, slug: string) => async () => ({
  json: await getLaptop(app.db, slug),
  stockOf: [],
});

/** One model, through the catalogue cache (404 for an unknown slug, as the API answers). */
export async function cachedLaptop(app: FastifyInstance, slug: string): Promise<LaptopDetail> {
  const cached = await app.catalogCache.get(laptopCacheKey(slug), laptopLoader(app, slug));
  return JSON.parse(cached.bytes.toString()) as LaptopDetail;
}
