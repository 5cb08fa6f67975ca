import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SitePageText } from '#shared/contracts/site-page.ts';
import { sitePageApiPath } from '#shared/site-pages.ts';
import { apiFetch } from '#web/lib/api-client.ts';

/** A page of text: its title and the owner's text (`GET /api/pages/:slug`). */
export const getSitePage = (slug: string, signal?: AbortSignal) =>
  apiFetch<SitePageText>(sitePageApiPath(slug), { signal });

export const sitePageQueryKey = (slug: string) => ['site-pages', slug] as const;

export const sitePageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: sitePageQueryKey(slug), queryFn: ({ signal }) => getSitePage(slug, signal) });

export const useSitePage = (slug: string) => useQuery(sitePageQueryOptions(slug));
