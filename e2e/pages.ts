import { SHOP_PAGES } from '#shared/pages.ts';

/**
 * The dashboard's home and every admin page, from the shop's one table of pages: a new one is covered.
 * Pages of one record (`:id` in the address, such as a part's fits) need a record to open: their own
 * specs check them (e2e/fitment-admin.spec.ts).
 */
export const ADMIN_PAGE_PATHS = SHOP_PAGES.filter(
  (page) => (page.path === '/dashboard' || page.access === 'admin') && !page.path.includes('/:'),
).map((page) => page.path);
