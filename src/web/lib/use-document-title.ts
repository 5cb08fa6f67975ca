import { useEffect } from 'react';
import { SHOP_NAME } from '#shared/shop.ts';

/** The title of pages without one of their own (as in index.html). */
export const DEFAULT_TITLE = `${SHOP_NAME} — laptop parts and accessories`;

/**
 * Sets the tab's title while a page is shown (`<title> — Reliable Tech Parts`), and the shop's own
 * title when the page goes (the document may have arrived with a product's title from the server).
 * Nothing changes while `title` is undefined (e.g. still loading).
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    document.title = `${title} — ${SHOP_NAME}`;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
