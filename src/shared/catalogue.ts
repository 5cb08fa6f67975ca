/**
 * The catalogue's query bounds, shared by the API contract (contracts/part.ts) and the browser's browse
 * page. Free of zod, so pages that only browse never load it.
 */

export const PART_SORTS = ['price', '-price', 'name', 'newest'] as const;
export type PartSort = (typeof PART_SORTS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_PAGE = 100_000;

/** A category's address: lowercase letters and digits in words joined by single dashes. */
export const CATEGORY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_CATEGORY_SLUG_LENGTH = 60;

/** A laptop model's address: the same form as a category's, a little longer (model names are long). */
export const LAPTOP_SLUG = CATEGORY_SLUG;
export const MAX_LAPTOP_SLUG_LENGTH = 80;

/**
 * The header a search's page carries when no part had every word searched for and the parts shown have
 * the most of them (the page tells the shopper so).
 */
export const PARTIAL_MATCH_HEADER = 'x-search-partial';
