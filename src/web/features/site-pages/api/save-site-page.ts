import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SitePageText } from '#shared/contracts/site-page.ts';
import { sitePageApiPath } from '#shared/site-pages.ts';
import { apiFetch } from '#web/lib/api-client.ts';
import { sitePageQueryKey } from './get-site-page';

/** Admins: a page's new text (`PUT /api/pages/:slug`); answers the page as saved. */
export const saveSitePage = ({ slug, body }: { slug: string; body: string }) =>
  apiFetch<SitePageText>(sitePageApiPath(slug), { method: 'PUT', body: { body } });

/** The saved page is the one the shop now shows: its public page reads it without asking again. */
export function useSaveSitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSitePage,
    onSuccess: (page) => queryClient.setQueryData(sitePageQueryKey(page.slug), page),
  });
}
