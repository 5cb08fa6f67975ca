import { SHOP_PAGES } from '../src/shared/pages';

/** The dashboard's home and every admin page, from the shop's one table of pages: a new one is covered. */
export const ADMIN_PAGE_PATHS = SHOP_PAGES.filter(
  (page) => page.path === '/dashboard' || page.access === 'admin',
).map((page) => page.path);
