import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsCsv } from '../../../../bench/parts-data.mjs';
import { FIRST_PAGE, firstPageProblems, shopperQueries } from '../../../../bench/shopper-queries-check.mjs';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { importParts } from './import';

/**
 * What shoppers type, and what they expect on the first page (test/shopper-queries.json), over the first
 * parts of the benchmark catalogue (bench/parts-data.mjs: realistic names); `node bench/shopper-queries.mjs`
 * runs the same list over 100,000.
 */
const { catalogueParts, queries } = shopperQueries();

describe(`shoppers' queries over ${catalogueParts} realistic parts`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    // Loaded the way an owner loads a catalogue: the CSV importer (npm run import:parts).
    const result = await importParts(t.database.db, Buffer.from(partsCsv(catalogueParts)), {
      source: 'bench/parts-data.mjs',
    });
    expect(result).toEqual({ ok: true, imported: catalogueParts });
  }, 180_000);
  afterAll(() => t.close());

  it('keeps at least 40 queries, each expecting something', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
    for (const query of queries)
      expect(query.name ?? query.category ?? query.partNumber, query.q).toBeDefined();
  });

  it.each(queries.map((query) => [query.q, query] as const))('%s', async (_, query) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/part?q=${encodeURIComponent(query.q)}&limit=${FIRST_PAGE}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { name: string; category: string; partNumbers: string[] }[];
    expect(
      firstPageProblems(page, query),
      `first page: ${page.map((part) => part.name).join(' | ')}`,
    ).toEqual([]);
  });
});
