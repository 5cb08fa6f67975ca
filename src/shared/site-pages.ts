/**
 * The shop's pages of text, linked from the footer: their addresses, titles and the API address of
 * their text. The titles are fixed (the footer and the tab name them); the text of each is the owner's,
 * kept in the database and edited in the dashboard (server modules/site-pages).
 */
export const SITE_PAGES = [
  { slug: 'about', path: '/about', title: 'About us' },
  { slug: 'contact', path: '/contact', title: 'Contact' },
  { slug: 'terms', path: '/terms', title: 'Terms of use' },
  { slug: 'privacy', path: '/privacy', title: 'Privacy policy' },
  { slug: 'returns', path: '/returns', title: 'Returns & warranty' },
] as const;

export type SitePage = (typeof SITE_PAGES)[number];
export type SitePageSlug = SitePage['slug'];

/** The page of text with this slug, if the shop has one. */
export const sitePageOf = (slug: string): SitePage | undefined =>
  SITE_PAGES.find((page) => page.slug === slug);

/** The page of text at an address (`/returns`, `/returns/`), if the shop has one there. */
export const sitePageAt = (pathname: string): SitePage | undefined =>
  SITE_PAGES.find((page) => pathname === page.path || pathname === `${page.path}/`);

/** Where a page's text is read and saved. */
export const sitePageApiPath = (slug: string) => `/api/pages/${encodeURIComponent(slug)}`;

/** The longest text a page may hold: a long privacy policy is about 10,000 characters. */
export const MAX_SITE_PAGE_TEXT = 20_000;

/** Days after delivery in which a part may be sent back for a refund (the Returns & warranty page). */
export const RETURN_WINDOW_DAYS = 30;
