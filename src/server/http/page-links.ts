import type { FastifyReply } from 'fastify';

/**
 * The Link header of one page of a list (RFC 8288): first, prev, next and last, each the same query
 * (`params`, without page and limit) on another page; undefined when there is only one page. Every
 * paged list of the API answers an array with it and X-Total-Count.
 */
export function pageLinks(
  path: string,
  { page, limit, total }: { page: number; limit: number; total: number },
  params: URLSearchParams,
): string | undefined {
  const last = Math.max(1, Math.ceil(total / limit));
  if (last === 1 && page === 1) return undefined;
  const urlOf = (target: number) => {
    const query = new URLSearchParams(params);
    query.set('page', String(target));
    query.set('limit', String(limit));
    return `<${path}?${query}>`;
  };
  const links = [`${urlOf(1)}; rel="first"`];
  if (page > 1) links.push(`${urlOf(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) links.push(`${urlOf(page + 1)}; rel="next"`);
  links.push(`${urlOf(last)}; rel="last"`);
  return links.join(', ');
}

/** The parameters of a query that are set, as they go in a link. */
export function queryParams(
  values: Record<string, string | number | boolean | undefined>,
  extra: [string, string][] = [],
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(name, String(value));
  for (const [name, value] of extra) params.append(name, value);
  return params;
}

/** Writes one page's `X-Total-Count`, and its `Link` when the list has more than one page. */
export function setPageHeaders(
  reply: FastifyReply,
  path: string,
  paging: { page: number; limit: number; total: number },
  params: URLSearchParams,
): void {
  reply.header('x-total-count', String(paging.total));
  const links = pageLinks(path, paging, params);
  if (links) reply.header('link', links);
}
