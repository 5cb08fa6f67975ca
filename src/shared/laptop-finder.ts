/**
 * The laptop models' API addresses as the web app asks for them, and the state of the finder page
 * (`/laptops?q=&brand=&page=`), kept in its URL like the browse page's. Free of zod, like browse.ts:
 * the table of pages builds a page's first reads from these.
 */
import { MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH } from './catalogue';

/** The brands and how many models each has. */
export const LAPTOP_BRANDS_PATH = '/api/laptops/brands';

/** One model with the categories of the parts that fit it. */
export const laptopPath = (slug: string) => `/api/laptops/${encodeURIComponent(slug)}`;

/** Of some parts (at most 100), those listed as fitting a model. */
export const fittingPartsPath = (slug: string, partIds: readonly string[]) =>
  `${laptopPath(slug)}/fitting-parts?${new URLSearchParams({ ids: partIds.join(',') })}`;

/** What `GET /api/laptops` can be asked (server defaults when left out). */
export interface LaptopsQuery {
  q?: string;
  brand?: string;
  page?: number;
  limit?: number;
}

/** The API address of a models query. */
export function laptopListPath({ q, brand, page, limit }: LaptopsQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (brand) params.set('brand', brand);
  if (page && page > 1) params.set('page', String(page));
  if (limit) params.set('limit', String(limit));
  const search = params.toString();
  return search ? `/api/laptops?${search}` : '/api/laptops';
}

/** The finder's state: a search, or a brand's models; '' for neither. */
export interface FinderState {
  q: string;
  brand: string;
  /** From 1. */
  page: number;
}

/** Models per page: a whole brand at once, as far as the API allows. */
export const FINDER_PAGE_SIZE = MAX_PAGE_SIZE;

/** The longest brand name the API takes (contracts/laptop.ts). */
const MAX_BRAND_LENGTH = 60;

/** The state a URL's query asks for; values the API cannot take fall back to their defaults. */
export function readFinderState(params: URLSearchParams): FinderState {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const brand = (params.get('brand') ?? '').trim();
  const page = Number(params.get('page') ?? '1');
  return {
    q,
    brand: brand.length <= MAX_BRAND_LENGTH ? brand : '',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The finder's address for a state: only what differs from the defaults, in a stable order. */
export function finderHref({ q, brand, page }: FinderState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (brand) params.set('brand', brand);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `/laptops?${search}` : '/laptops';
}

/** The models the finder lists for a state; none before a search or a brand is chosen. */
export function finderQuery({ q, brand, page }: FinderState): LaptopsQuery | null {
  if (!q && !brand) return null;
  return { q: q || undefined, brand: brand || undefined, page, limit: FINDER_PAGE_SIZE };
}
