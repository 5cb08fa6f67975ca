// Types of bench/shopper-queries-check.mjs, for src/server/modules/catalog/shopper-queries.test.ts.
export interface ShopperQuery {
  q: string;
  name?: string;
  category?: string;
  partNumber?: string;
  top?: number;
}
export const FIRST_PAGE: number;
export function shopperQueries(): { catalogueParts: number; queries: ShopperQuery[] };
export function firstPageProblems(
  page: { name: string; category: string; partNumbers: string[] }[],
  query: ShopperQuery,
): string[];
