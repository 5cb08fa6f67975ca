import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsCsv } from '../../../../bench/parts-data.mjs';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { importParts } from './import';

/** test/shopper-queries.json: what shoppers type, and what they expect on the first page. */
interface ShopperQuery {
  q: string;
  /** A case-insensitive regular expression each of the first `top` parts' names matches. */
  name?: string;
  category?: string;
  partNumber?: string;
  /** How many of the first results must match (default 3). */
  top?: number;
}
const { catalogueParts, queries } = JSON.parse(
  readFileSync(new URL('../../../../test/shopper-queries.json', import.meta.url), 'utf8'),
) as { catalogueParts: number; queries: ShopperQuery[] };

/** The browse page's first page. */
const FIRST_PAGE = 12;

interface Found {
  name: string;
  category: string;
  partNumbers: string[];
}

/** Why a part on the first page is not what the shopper expects, or null when it is. */
function mismatch(part: Found, expected: ShopperQuery): string | null {
  if (expected.name && !new RegExp(expected.name, 'i').test(part.name)) return `name is not /${expected.name}/i`;
  if (expected.category && part.category !== expected.category) return `category is not ${expected.category}`;
  if (expected.partNumber && !part.partNumbers.includes(expected.partNumber))
    return `part numbers lack ${expected.partNumber}`;
  return null;
}

describe(`shoppers' queries over ${catalogueParts} realistic parts (bench/parts-data.mjs)`, () => {
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
    for (const query of queries) expect(query.name ?? query.category ?? query.partNumber, query.q).toBeDefined();
  });

  it.each(queries.map((query) => [query.q, query]))('%s', async (_, query) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/part?q=${encodeURIComponent(query.q)}&limit=${FIRST_PAGE}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Found[];
    const top = page.slice(0, query.top ?? 3);
    const problems = top.flatMap((part, at) => {
      const why = mismatch(part, query);
      return why ? [`#${at + 1} ${part.name}: ${why}`] : [];
    });
    expect(top.length, `first page: ${page.map((part) => part.name).join(' | ')}`).toBe(query.top ?? 3);
    expect(problems, `first page: ${page.map((part) => part.name).join(' | ')}`).toEqual([]);
  });
});
