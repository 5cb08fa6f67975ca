import type { PartQuery } from '../../../shared/contracts/part';

/**
 * The Link header of a page (RFC 8288): first, prev, next and last, each the same query on another
 * page; undefined when there is only one page.
 */
export function pageLinks(path: string, query: PartQuery, total: number): string | undefined {
  const last = Math.max(1, Math.ceil(total / query.limit));
  if (last === 1 && query.page === 1) return undefined;
  const urlOf = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set('q', query.q);
    if (query.category) params.set('category', query.category);
    if (query.sort) params.set('sort', query.sort);
    if (query.inStock !== undefined) params.set('inStock', String(query.inStock));
    params.set('page', String(page));
    params.set('limit', String(query.limit));
    return `<${path}?${params}>`;
  };
  const links = [`${urlOf(1)}; rel="first"`];
  if (query.page > 1) links.push(`${urlOf(Math.min(query.page - 1, last))}; rel="prev"`);
  if (query.page < last) links.push(`${urlOf(query.page + 1)}; rel="next"`);
  links.push(`${urlOf(last)}; rel="last"`);
  return links.join(', ');
}
