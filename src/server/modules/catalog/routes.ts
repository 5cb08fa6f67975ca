import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, sessionUser } from '#server/auth/guards.ts';
import { pageLinks, queryParams } from '#server/http/page-links.ts';
import { idParams } from '#server/http/record-id.ts';
import { batchedRateLimit } from '#server/lib/batched-rate-limit.ts';
import { invalid } from '#server/lib/domain-errors.ts';
import { clientKey } from '#server/lib/rate-limit.ts';
import { PARTIAL_MATCH_HEADER } from '#shared/catalogue.ts';
import { fitSchema, fitsInputSchema } from '#shared/contracts/laptop.ts';
import {
  type PartQuery,
  partDetailSchema,
  partListSchema,
  partQuerySchema,
  partSchema,
} from '#shared/contracts/part.ts';
import { partInputSchema, partPatchSchema } from '#shared/contracts/part-input.ts';
import { parseSpecFilters, type SpecFilter } from '#shared/contracts/part-specs.ts';
import { suggestionsQuerySchema, suggestionsSchema } from '#shared/contracts/suggestions.ts';
import { CATEGORY_SPECS, SPEC_PARAM_PREFIX, specDefinition, specsOf } from '#shared/part-specs.ts';
import { partCacheKey, partLoader } from './cached-part';
import { toPartReadShape } from './part-shape';
import { sendThroughCache } from './send-cached';
import {
  assertFitsModelExists,
  type CatalogueQuery,
  createPart,
  listParts,
  partFacets,
  removePart,
  setPartFits,
  updatePart,
} from './service';
import { suggestions } from './suggestions';

/** What a catalogue query finds, the same whatever the order of its parameters: part of a cache key. */
const queryKey = (query: PartQuery, specs: SpecFilter[]) =>
  JSON.stringify([
    query.q?.toLowerCase(),
    query.category,
    query.inStock,
    query.fits,
    query.condition,
    [...specs].sort((a, b) => a.key.localeCompare(b.key)),
  ]);

/**
 * First pages are what most visitors ask for; deeper pages are read from the database each time, their
 * total kept by its filters (`CatalogCache.total`).
 */
const cacheKeyOf = (query: PartQuery, specs: SpecFilter[]) =>
  query.page === 1 ? `list:${queryKey(query, specs)}:${query.sort}:${query.limit}` : null;

/**
 * The spec filters of a request (`spec.<key>=…`), read from its address: the query schema keeps only
 * the fixed parameters. 400 naming each parameter it cannot use.
 */
function specFiltersOf(url: string): { filters: SpecFilter[]; params: [string, string][] } {
  // Most addresses filter by no spec: those skip the parse (`spec` also catches an encoded dot).
  if (!url.includes('spec')) return { filters: [], params: [] };
  const search = new URLSearchParams(url.split('?')[1] ?? '');
  const params = [...search].filter(([name]) => name.startsWith(SPEC_PARAM_PREFIX));
  const raw = Object.fromEntries(params.map(([name]) => [name, search.getAll(name)]));
  const { filters, problems } = parseSpecFilters(raw, specDefinition);
  const [first] = Object.values(problems);
  if (first) throw invalid(first, problems);
  return { filters, params };
}

/** Every spec key, for facets asked without a category. */
const ALL_SPEC_KEYS = [
  ...new Set(Object.values(CATEGORY_SPECS).flatMap((specs) => specs.map((spec) => spec.key))),
];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Searches read from the database, per client address: even bounded (MAX_SEARCH_MATCHES), one costs
   * tens of milliseconds of database time on a large catalogue (docs/decisions/025-bounded-search.md).
   * Answers the catalogue cache holds (hot first pages) cost nothing and do not count. Counted in
   * batches: a search is too cheap to also write its own hit. A search's facets run its statements
   * too, and are counted on their own, with the same limit: a `/parts?q=` page asks for both.
   */
  const searchLimit = (name: string) => {
    const limit = batchedRateLimit(
      app.db,
      { name, limit: app.config.SEARCHES_PER_CLIENT_PER_MINUTE, windowMs: 60_000 },
      (error) => app.log.error({ err: error }, `${name} hits could not be written; they are tried again`),
    );
    app.addHook('onClose', () => limit.flush());
    return limit;
  };
  const searches = searchLimit('searches');
  const facetSearches = searchLimit('facet-searches');

  app.get(
    '/part',
    { schema: { querystring: partQuerySchema, response: { 200: partListSchema } } },
    (request, reply) => {
      const query = request.query;
      const specs = specFiltersOf(request.url);
      const key = cacheKeyOf(query, specs.filters);
      // The page links are kept with the page: a cached answer costs no work of its own.
      const load = async () => {
        const asked: CatalogueQuery = { query, specs: specs.filters };
        const listing = queryKey(query, specs.filters);
        const page = await listParts(app.db, asked, {
          total: (count) => app.catalogCache.total(`total:${listing}`, count, Boolean(query.inStock)),
          ranking: (rank) => app.catalogCache.ranking(`ranking:${listing}`, rank, Boolean(query.inStock)),
        });
        if (page.total === 0) await assertFitsModelExists(app.db, query.fits);
        return {
          json: page.parts.map(toPartReadShape),
          stockOf: query.inStock || page.cut ? undefined : page.parts.map((part) => part.id),
          total: page.total,
          ...(page.partial && { headers: { [PARTIAL_MATCH_HEADER]: 'true' } }),
          links: pageLinks(
            '/api/part',
            { page: query.page, limit: query.limit, total: page.total },
            queryParams(
              {
                q: query.q,
                category: query.category,
                sort: query.sort,
                inStock: query.inStock,
                fits: query.fits,
                condition: query.condition,
              },
              specs.params,
            ),
          ),
        };
      };
      if (query.q && (key === null || !app.catalogCache.has(key))) searches.enforce(clientKey(request));
      return sendThroughCache(app.catalogCache, request, reply, key, load);
    },
  );

  app.get(
    '/suggestions',
    { schema: { querystring: suggestionsQuerySchema, response: { 200: suggestionsSchema } } },
    (request, reply) => {
      const key = `suggestions:${request.query.q.toLowerCase()}`;
      const load = async () => {
        const { found, cut } = await suggestions(app.db, request.query.q);
        // Names only: no stock shown, but a cut search's parts may be others after any sale.
        return { json: found, stockOf: cut ? undefined : [] };
      };
      // Typing costs as much as searching: counted as searches unless the cache holds the answer.
      if (!app.catalogCache.has(key)) searches.enforce(clientKey(request));
      return sendThroughCache(app.catalogCache, request, reply, key, load);
    },
  );

  app.get(
    '/part/facets',
    {
      schema: {
        querystring: partQuerySchema,
        response: {
          200: z.record(
            z.string(),
            z.array(
              z.object({ value: z.union([z.string(), z.number(), z.boolean()]), count: z.number().int() }),
            ),
          ),
        },
      },
    },
    (request, reply) => {
      const query = request.query;
      const specs = specFiltersOf(request.url);
      const keys = query.category ? specsOf(query.category).map((spec) => spec.key) : ALL_SPEC_KEYS;
      const key = `facets:${queryKey(query, specs.filters)}`;
      if (query.q && !app.catalogCache.has(key)) facetSearches.enforce(clientKey(request));
      return sendThroughCache(app.catalogCache, request, reply, key, async () => {
        const facets = await partFacets(app.db, { query, specs: specs.filters }, keys);
        if (Object.values(facets).every((values) => values.length === 0))
          await assertFitsModelExists(app.db, query.fits);
        // A search's facets count its first matches, which may be others after any sale.
        return { json: facets, stockOf: query.inStock || query.q ? undefined : [] };
      });
    },
  );

  app.get(
    '/part/:id',
    { schema: { params: idParams, response: { 200: partDetailSchema } } },
    (request, reply) =>
      sendThroughCache(
        app.catalogCache,
        request,
        reply,
        partCacheKey(request.params.id),
        partLoader(app, request.params.id),
      ),
  );

  const adminOnly = requireAdmin(app);

  app.post(
    '/part',
    {
      config: { changesCatalogue: true },
      schema: { body: partInputSchema, response: { 201: partSchema } },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      const part = await createPart(app.db, sessionUser(request), request.body);
      request.catalogueChange = { parts: [part.id] };
      return reply.code(201).send(toPartReadShape(part));
    },
  );

  app.put(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: { params: idParams, body: partInputSchema, response: { 200: partSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      request.catalogueChange = { parts: [request.params.id] };
      return toPartReadShape(await updatePart(app.db, sessionUser(request), request.params.id, request.body));
    },
  );

  app.patch(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: { params: idParams, body: partPatchSchema, response: { 200: partSchema } },
      onRequest: adminOnly,
    },
    async (request) => {
      const {
        name,
        price,
        minimum,
        available,
        description,
        img,
        category,
        partNumbers,
        condition,
        warrantyMonths,
        specs,
      } = request.body;
      request.catalogueChange = { parts: [request.params.id] };
      return toPartReadShape(
        await updatePart(app.db, sessionUser(request), request.params.id, {
          ...(name !== undefined && { name }),
          ...(price !== undefined && { priceCents: price }),
          ...(minimum !== undefined && { minQuantity: minimum }),
          ...(available !== undefined && { availableQuantity: available }),
          ...(description !== undefined && { description }),
          ...(img !== undefined && { imageUrl: img }),
          ...(category !== undefined && { categorySlug: category }),
          ...(partNumbers !== undefined && { partNumbers }),
          ...(condition !== undefined && { condition }),
          ...(warrantyMonths !== undefined && { warrantyMonths }),
          ...(specs !== undefined && { specs }),
        }),
      );
    },
  );

  app.delete(
    '/part/:id',
    {
      config: { changesCatalogue: true },
      schema: {
        params: idParams,
        response: { 200: z.object({ deleted: z.boolean(), hidden: z.boolean() }) },
      },
      onRequest: adminOnly,
    },
    (request) => {
      request.catalogueChange = { parts: [request.params.id] };
      return removePart(app.db, sessionUser(request), request.params.id);
    },
  );

  app.put(
    '/part/:id/fits',
    {
      config: { changesCatalogue: true },
      schema: { params: idParams, body: fitsInputSchema, response: { 200: z.array(fitSchema) } },
      onRequest: adminOnly,
    },
    (request) => {
      request.catalogueChange = { parts: [request.params.id] };
      return setPartFits(app.db, sessionUser(request), request.params.id, request.body.models);
    },
  );
};
