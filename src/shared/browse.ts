import {
  CATEGORY_SLUG,
  MAX_CATEGORY_SLUG_LENGTH,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  PART_SORTS,
  type PartSort,
} from './catalogue';

/** What `GET /api/part` can be asked: search, filter, sort and page (server defaults when left out). */
export interface PartsQuery {
  q?: string;
  category?: string;
  sort?: PartSort;
  inStock?: boolean;
  page?: number;
  limit?: number;
}

/** The query string of a parts query, without the values left at their defaults. */
export function partsSearch({ q, category, sort, inStock, page, limit }: PartsQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (sort) params.set('sort', sort);
  if (inStock) params.set('inStock', 'true');
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  return params.toString();
}

/** The API address of a parts query, as the web app asks for it. */
export function partListPath(query: PartsQuery): string {
  const search = partsSearch(query);
  return search ? `/api/part?${search}` : '/api/part';
}

/** The home page shows the first parts of the catalogue (two rows of three); the rest are on /parts. */
export const HOME_PARTS = 6;
export const HOME_PARTS_QUERY: PartsQuery = { limit: HOME_PARTS };

/** The API address of one part. */
export const partPath = (id: string) => `/api/part/${encodeURIComponent(id)}`;

/** The API address of the categories and their counts. */
export const CATEGORIES_PATH = '/api/categories';

/**
 * The browse page's state, kept in its URL (`/parts?q=&category=&sort=&inStock=&page=`), so that a
 * reload, a shared link, back and forward all show the same parts.
 */
export interface BrowseState {
  /** What the shopper searched for; '' when not searching. */
  q: string;
  /** A category's slug; '' for every category. */
  category: string;
  /** '' is the shop's own order, or relevance while searching. */
  sort: PartSort | '';
  inStock: boolean;
  /** From 1. */
  page: number;
}

export const ALL_PARTS: BrowseState = { q: '', category: '', sort: '', inStock: false, page: 1 };

/** Parts per page on the browse page: four rows of three. */
export const BROWSE_PAGE_SIZE = 12;

const isSort = (value: string | null): value is PartSort => PART_SORTS.includes(value as PartSort);

/**
 * The state a URL's query asks for. Values the shop cannot answer (an unknown sort, a page that is not a
 * whole number, a malformed category) fall back to their defaults rather than failing the page.
 */
export function readBrowseState(params: URLSearchParams): BrowseState {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const category = (params.get('category') ?? '').trim().toLowerCase();
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    q,
    category: CATEGORY_SLUG.test(category) && category.length <= MAX_CATEGORY_SLUG_LENGTH ? category : '',
    sort: isSort(sort) ? sort : '',
    inStock: params.get('inStock') === 'true',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The URL query of a state: only what differs from the defaults, in a stable order. */
export function browseSearchParams(state: BrowseState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.sort) params.set('sort', state.sort);
  if (state.inStock) params.set('inStock', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The browse page's address for a state. */
export function browseHref(state: BrowseState): string {
  const search = browseSearchParams(state).toString();
  return search ? `/parts?${search}` : '/parts';
}

/** A new search, filter or sort: the results change, so they start again at page 1. */
export function changeBrowse(state: BrowseState, change: Partial<Omit<BrowseState, 'page'>>): BrowseState {
  return { ...state, ...change, q: (change.q ?? state.q).trim().slice(0, MAX_SEARCH_LENGTH), page: 1 };
}

/** Filters narrow the results (the search text and the order do not count). */
export const hasFilters = (state: BrowseState) => state.category !== '' || state.inStock;

/** The same search without its filters (and from page 1). */
export const withoutFilters = (state: BrowseState): BrowseState =>
  changeBrowse(state, { category: '', inStock: false });

/** The API query for a page of the browse page. */
export function browseQuery(state: BrowseState): PartsQuery {
  return {
    q: state.q || undefined,
    category: state.category || undefined,
    sort: state.sort || undefined,
    inStock: state.inStock || undefined,
    page: state.page,
    limit: BROWSE_PAGE_SIZE,
  };
}
