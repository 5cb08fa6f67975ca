import { specValue } from '#shared/contracts/part-specs.ts';
import {
  CATEGORY_SLUG,
  LAPTOP_SLUG,
  MAX_CATEGORY_SLUG_LENGTH,
  MAX_LAPTOP_SLUG_LENGTH,
  MAX_PAGE,
  MAX_SEARCH_LENGTH,
  PART_SORTS,
  type PartSort,
} from './catalogue';
import { PART_CONDITIONS, type PartCondition } from './part-numbers';
import { SPEC_PARAM_PREFIX, specsOf } from './part-specs';

/** Spec filters: each spec's key and the values wanted (a part with any of them matches). */
export type SpecChoices = Readonly<Record<string, readonly string[]>>;

/** What `GET /api/part` can be asked: search, filter, sort and page (server defaults when left out). */
export interface PartsQuery {
  q?: string;
  category?: string;
  sort?: PartSort;
  inStock?: boolean;
  /** Only parts that fit this laptop model (its slug). */
  fits?: string;
  condition?: PartCondition;
  specs?: SpecChoices;
  page?: number;
  limit?: number;
}

/** The query string of a parts query, without the values left at their defaults, in a fixed order. */
export function partsSearch({
  q,
  category,
  sort,
  inStock,
  fits,
  condition,
  specs = {},
  page,
  limit,
}: PartsQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  if (sort) params.set('sort', sort);
  if (inStock) params.set('inStock', 'true');
  if (fits) params.set('fits', fits);
  if (condition) params.set('condition', condition);
  for (const [key, values] of Object.entries(specs))
    if (values.length > 0) params.set(`${SPEC_PARAM_PREFIX}${key}`, values.join(','));
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  return params.toString();
}

/** The API address of a parts query, as the web app asks for it. */
export function partListPath(query: PartsQuery): string {
  const search = partsSearch(query);
  return search ? `/api/part?${search}` : '/api/part';
}

/**
 * The API address of the spec values (and how many parts have each) among the parts a query finds:
 * the same filters, without order or page.
 */
export function partFacetsPath({ sort: _sort, page: _page, limit: _limit, ...filters }: PartsQuery): string {
  const search = partsSearch(filters);
  return search ? `/api/part/facets?${search}` : '/api/part/facets';
}

/** The home page shows the first parts of the catalogue (two rows of three); the rest are on /parts. */
export const HOME_PARTS = 6;
export const HOME_PARTS_QUERY: PartsQuery = { limit: HOME_PARTS };

/** The API address of one part. */
export const partPath = (id: string) => `/api/part/${encodeURIComponent(id)}`;

/** The API address of the categories and their counts. */
export const CATEGORIES_PATH = '/api/categories';

/**
 * The browse page's state, kept in its URL (`/parts?q=&category=&sort=&inStock=&fits=&condition=&
 * spec.<key>=&page=`), so that a reload, a shared link, back and forward all show the same parts.
 */
export interface BrowseState {
  /** What the shopper searched for; '' when not searching. */
  q: string;
  /** A category's slug; '' for every category. */
  category: string;
  /** '' is the shop's own order, or relevance while searching. */
  sort: PartSort | '';
  inStock: boolean;
  /** A laptop model's slug: only the parts that fit it; '' for every part. */
  fits: string;
  /** '' for every condition. */
  condition: PartCondition | '';
  /** The chosen category's spec filters, in its order of specs (none without a category). */
  specs: SpecChoices;
  /** From 1. */
  page: number;
}

export const ALL_PARTS: BrowseState = {
  q: '',
  category: '',
  sort: '',
  inStock: false,
  fits: '',
  condition: '',
  specs: {},
  page: 1,
};

/**
 * Where a browse page lives and what it is fixed to: `/parts` is the whole catalogue; a laptop model's
 * page (`/laptops/:slug`) is `/parts` with its `fits` fixed, which its address does not repeat.
 */
export interface BrowseScope {
  path: string;
  fits?: string;
}
export const PARTS_SCOPE: BrowseScope = { path: '/parts' };

/** Parts per page on the browse page: four rows of three. */
export const BROWSE_PAGE_SIZE = 12;

const isSort = (value: string | null): value is PartSort => PART_SORTS.includes(value as PartSort);
const isCondition = (value: string | null): value is PartCondition =>
  PART_CONDITIONS.includes(value as PartCondition);

/**
 * The category's spec filters a URL asks for (`spec.<key>=a,b`), each value as the server reads it
 * ("true" for yes, a choice in its own spelling); values a spec cannot take are left out, and so are
 * ranges (`60..100`), which the page offers no control for.
 */
function readSpecChoices(params: URLSearchParams, category: string): SpecChoices {
  const choices: Record<string, string[]> = {};
  for (const spec of specsOf(category)) {
    const values = new Set<string>();
    for (const text of (params.get(`${SPEC_PARAM_PREFIX}${spec.key}`) ?? '').split(',')) {
      const checked = text.trim() === '' ? undefined : specValue(spec, text);
      if (checked && 'value' in checked) values.add(String(checked.value));
    }
    if (values.size > 0) choices[spec.key] = [...values];
  }
  return choices;
}

/**
 * The state a URL's query asks for. Values the shop cannot answer (an unknown sort, a page that is not a
 * whole number, a malformed category or laptop, a spec the category does not have) fall back to their
 * defaults rather than failing the page. In a scope with its own `fits`, the query's is ignored.
 */
export function readBrowseState(params: URLSearchParams, scope: BrowseScope = PARTS_SCOPE): BrowseState {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const rawCategory = (params.get('category') ?? '').trim().toLowerCase();
  const category =
    CATEGORY_SLUG.test(rawCategory) && rawCategory.length <= MAX_CATEGORY_SLUG_LENGTH ? rawCategory : '';
  const sort = params.get('sort');
  const fits = (params.get('fits') ?? '').trim().toLowerCase();
  const condition = params.get('condition');
  const page = Number(params.get('page') ?? '1');
  return {
    q,
    category,
    sort: isSort(sort) ? sort : '',
    inStock: params.get('inStock') === 'true',
    fits:
      scope.fits === undefined && LAPTOP_SLUG.test(fits) && fits.length <= MAX_LAPTOP_SLUG_LENGTH ? fits : '',
    condition: isCondition(condition) ? condition : '',
    specs: readSpecChoices(params, category),
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
  if (state.fits) params.set('fits', state.fits);
  if (state.condition) params.set('condition', state.condition);
  for (const spec of specsOf(state.category)) {
    const values = state.specs[spec.key];
    if (values?.length) params.set(`${SPEC_PARAM_PREFIX}${spec.key}`, values.join(','));
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The browse page's address for a state (in a scope: that page's). */
export function browseHref(state: BrowseState, scope: BrowseScope = PARTS_SCOPE): string {
  const search = browseSearchParams(state).toString();
  return search ? `${scope.path}?${search}` : scope.path;
}

/**
 * A new search, filter or sort: the results change, so they start again at page 1. Another category
 * has other specs: its spec filters start empty.
 */
export function changeBrowse(state: BrowseState, change: Partial<Omit<BrowseState, 'page'>>): BrowseState {
  const otherCategory = change.category !== undefined && change.category !== state.category;
  return {
    ...state,
    ...(otherCategory && { specs: {} }),
    ...change,
    q: (change.q ?? state.q).trim().slice(0, MAX_SEARCH_LENGTH),
    page: 1,
  };
}

/** Filters narrow the results (the search text and the order do not count). */
export const hasFilters = (state: BrowseState) =>
  state.category !== '' ||
  state.inStock ||
  state.fits !== '' ||
  state.condition !== '' ||
  Object.keys(state.specs).length > 0;

/** The same search without its filters (and from page 1). */
export const withoutFilters = (state: BrowseState): BrowseState =>
  changeBrowse(state, { category: '', inStock: false, fits: '', condition: '', specs: {} });

/** The API query for a page of the browse page (in a scope: with its fixed `fits`). */
export function browseQuery(state: BrowseState, scope: BrowseScope = PARTS_SCOPE): PartsQuery {
  return {
    q: state.q || undefined,
    category: state.category || undefined,
    sort: state.sort || undefined,
    inStock: state.inStock || undefined,
    fits: scope.fits ?? (state.fits || undefined),
    condition: state.condition || undefined,
    specs: Object.keys(state.specs).length > 0 ? state.specs : undefined,
    page: state.page,
    limit: BROWSE_PAGE_SIZE,
  };
}
