import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageAt } from '../../shared/pages';
import { DEFAULT_TITLE, SHOP_NAME } from '../lib/use-document-title';

/** Sets the tab's title for the page at the current address (`Blog — Reliable Tech Parts`). */
export function usePageTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === '/') {
      document.title = DEFAULT_TITLE;
      return;
    }
    // Pages whose title depends on their data (a part, a search, an order) set it with useDocumentTitle.
    const title = pageAt(pathname)?.title;
    if (title) document.title = `${title} — ${SHOP_NAME}`;
  }, [pathname]);
}
