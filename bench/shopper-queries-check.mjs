// What a shopper's query expects on its first page (test/shopper-queries.json), checked the same way by
// the test over a few thousand parts (src/server/modules/catalog/shopper-queries.test.ts) and by
// bench/shopper-queries.mjs over the 100,000-part benchmark catalogue.
import { readFileSync } from 'node:fs';

/** The browse page's first page. */
export const FIRST_PAGE = 12;

/** test/shopper-queries.json. */
export const shopperQueries = () =>
  JSON.parse(readFileSync(new URL('../test/shopper-queries.json', import.meta.url), 'utf8'));

/**
 * Why the first page of parts found for `query` is not what the shopper expects (none: it is): each of
 * the first `top` (3 unless said) must match `name` (case-insensitive), be in `category` and carry
 * `partNumber`, and there must be that many.
 * @param {{ name: string, category: string, partNumbers: string[] }[]} page
 * @param {{ q: string, name?: string, category?: string, partNumber?: string, top?: number }} query
 * @returns {string[]}
 */
export function firstPageProblems(page, query) {
  const top = query.top ?? 3;
  const problems = [];
  if (page.length < top) problems.push(`only ${page.length} found, ${top} expected`);
  page.slice(0, top).forEach((part, at) => {
    const why = [];
    if (query.name && !new RegExp(query.name, 'i').test(part.name)) why.push(`name is not /${query.name}/i`);
    if (query.category && part.category !== query.category) why.push(`category is not ${query.category}`);
    if (query.partNumber && !part.partNumbers.includes(query.partNumber))
      why.push(`part numbers lack ${query.partNumber}`);
    if (why.length > 0) problems.push(`#${at + 1} ${part.name}: ${why.join(', ')}`);
  });
  return problems;
}
