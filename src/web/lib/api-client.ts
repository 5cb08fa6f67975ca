import type { ApiErrorBody } from '#shared/error.ts';
import { takePageAnswer } from './page-answers';

/** A failed API call, carrying the server's message (meant for people) and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key); they cannot replace the JSON ones below. */
  headers?: Record<string, string>;
}

/**
 * The caller's headers (names lower-cased, so none is sent twice under two spellings) with ours on
 * top: the shop always answers JSON to us, and a JSON body is always said to be one.
 */
export function requestHeaders(extra: Record<string, string> = {}, hasBody = false): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(extra)) headers[name.toLowerCase()] = value;
  headers.accept = 'application/json';
  if (hasBody) headers['content-type'] = 'application/json';
  else delete headers['content-type'];
  return headers;
}

/** One page of a list, with the total of all pages (the server's `X-Total-Count` header). */
export interface Page<T> {
  data: T[];
  total: number;
}

/** A page of a list with the answer's headers, for callers that read one of their own. */
export interface PageWithHeaders<T> extends Page<T> {
  headers: Headers;
}

/**
 * The one way the app calls our JSON API: any failure (network, status, bad body) becomes an ApiError
 * with a clear message. Answers the body and the response, for callers that need its headers. A read
 * whose answer came with the page (lib/page-answers.ts) is answered from it the first time.
 */
async function request<T>(
  path: string,
  { method = 'GET', body, signal, headers }: RequestOptions,
): Promise<{ payload: T; response: Response }> {
  const early = method === 'GET' ? answeredByPage<T>(path) : undefined;
  if (early) return early;
  // A request the server never answers must not leave a button spinning for ever.
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(path, {
      method,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'same-origin',
      // Always asked (with the ETag the browser kept, answered 304 when unchanged): a visitor's read is
      // public for shared caches, with stale-while-revalidate (server http/cache-policy.ts), which a
      // browser would otherwise also take as leave to show its own older copy, even once signed in.
      cache: 'no-cache',
      headers: requestHeaders(headers, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    payload = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw timeoutError();
    throw networkError();
  }
  if (!response.ok) throw apiErrorOf(response.status, payload);
  return { payload: payload as T, response };
}

/** A GET answered from the page (lib/page-answers.ts): its body, and a response with its headers. */
function answeredByPage<T>(path: string): { payload: T; response: Response } | undefined {
  const early = takePageAnswer(path);
  if (!early) return undefined;
  const headers: Record<string, string> = { ...early.headers };
  if (early.total !== null) headers['x-total-count'] = String(early.total);
  return { payload: early.body as T, response: new Response(null, { headers }) };
}

/**
 * The body of the answer the page came with for a GET of `path`, at once rather than in a promise: a
 * query's first data, so that a page the server drew is taken over as it was drawn, never drawn first
 * as loading (server http/web.ts). Taken once, as apiFetch takes it; undefined without one.
 */
export const pageAnswerOf = <T>(path: string): T | undefined => answeredByPage<T>(path)?.payload;

/** pageAnswerOf for a paged list, as apiFetchPageWithHeaders answers it. */
export function pageAnswerPageOf<T>(path: string): PageWithHeaders<T> | undefined {
  const early = answeredByPage<unknown>(path);
  return early && pageOf<T>(early.payload, early.response);
}

/** Calls our JSON API and answers its body. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await request<T>(path, options)).payload;
}

/** The address of one page of a paged list: the filters that are set, then `page` and `limit`. */
export function pagedListPath(
  path: string,
  filters: Record<string, string | undefined>,
  { page, limit }: { page: number; limit: number },
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  query.set('page', String(page));
  query.set('limit', String(limit));
  return `${path}?${query}`;
}

/**
 * Calls a paged list of our JSON API: its items and the total of all pages. A list whose body is not
 * an array is a failure; without a usable `X-Total-Count`, the total is what this page holds.
 */
export async function apiFetchPage<T>(path: string, options: RequestOptions = {}): Promise<Page<T>> {
  const { data, total } = await apiFetchPageWithHeaders<T>(path, options);
  return { data, total };
}

/** apiFetchPage, and the answer's headers. */
export async function apiFetchPageWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<PageWithHeaders<T>> {
  const { payload, response } = await request<unknown>(path, options);
  return pageOf<T>(payload, response);
}

/** A list's answer as a page: a body that is not an array is a failure. */
function pageOf<T>(payload: unknown, response: Response): PageWithHeaders<T> {
  if (!Array.isArray(payload))
    throw new ApiError(
      response.status,
      'bad_response',
      'The shop sent an unexpected answer. Please try again.',
    );
  const header = response.headers.get('x-total-count');
  const counted = header === null || header.trim() === '' ? Number.NaN : Number(header);
  const total = Number.isSafeInteger(counted) && counted >= 0 ? counted : payload.length;
  return { data: payload as T[], total, headers: response.headers };
}

/**
 * How long a call may take before the app says the shop did not answer: every action ends with a
 * message within 20 s, this one drawn included.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

export const timeoutError = () =>
  new ApiError(0, 'timeout', 'The shop did not answer in time. Check your connection and try again.');

export const networkError = () =>
  new ApiError(0, 'network_error', 'Cannot reach the shop. Check your connection and try again.');

/** A failed answer as an ApiError: the server's error format, or a plain message naming the status. */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  const failure = (payload as Partial<ApiErrorBody> | undefined)?.error;
  return new ApiError(
    status,
    failure?.code ?? 'http_error',
    failure?.message ?? `The shop answered with an error (${status}). Please try again.`,
    failure?.fields,
  );
}
