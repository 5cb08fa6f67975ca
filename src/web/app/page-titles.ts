import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageAt } from '#shared/pages.ts';
import { SHOP_NAME } from '#shared/shop.ts';
import { DEFAULT_TITLE } from '#web/lib/use-document-title.ts';

/**
 * The tab's title for the page at an address (`Blog — Reliable Tech Parts`); undefined for pages whose
 * title depends on their data (a part, a search, an order), which set it with useDocumentTitle.
 */
export function pageTitleAt(pathname: string): string | undefined {
  if (pathname === '/') return DEFAULT_TITLE;
  const title = pageAt(pathname)?.title;
  return title ? `${title} — ${SHOP_NAME}` : undefined;
}

/** Sets the tab's title for the page at the current address. */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = pageTitleAt(pathname);
    if (title) document.title = title;
  }, [pathname]);
}
