/**
 * Every page of the shop, once: its address, tab title, code, who may open it, and where else it
 * appears. The router (src/web/app/router.tsx) draws these pages; everything else that needs to know
 * the pages reads them from here: the server's 200-or-404 answer and its code preloads, the tab titles,
 * the dashboard's sidebar, the prerendered first screens and the sitemap. The build fails when a page's
 * code is missing from the Vite manifest (scripts/build.mjs), and a test keeps the router and this table
 * in step (src/web/app/router.test.ts).
 */
import {
  browseQuery,
  CATEGORIES_PATH,
  HOME_PARTS_QUERY,
  partListPath,
  partPath,
  readBrowseState,
} from './browse';
import type { Role } from './contracts/session';

export interface ShopPage {
  /** The address as the router writes it; `:name` stands for one path segment. */
  path: string;
  /** The tab's title before ` — Reliable Tech Parts`; absent when the page takes it from its data. */
  title?: string;
  /** Its code: keys of Vite's build manifest (paths under src/web), preloaded along with the HTML. */
  modules: string[];
  /** Who may open it: everyone, or signed-in accounts (of one role). */
  access: 'everyone' | 'signed-in' | Role;
  /** Drawn at build time for signed-out visitors, so that it paints before the JavaScript runs. */
  prerender?: boolean;
  /** Listed in sitemap.xml (pages with data, such as product pages, are listed by the server). */
  sitemap?: boolean;
  /** Its link in the dashboard's sidebar, in this table's order. */
  sidebar?: string;
  /**
   * The public API addresses its first screen reads, as the web app asks for them, from the page's
   * address (its `:name` segments in order, decoded, and its query). The server sends their answers
   * with the page (server http/page-answers.ts), so it draws without asking.
   */
  reads?: (address: { params: string[]; search: URLSearchParams }) => string[];
}

const DASHBOARD = 'app/dashboard-layout.tsx';
const ADMIN_PAGES = [DASHBOARD, 'app/routes/dashboard-admin-pages.tsx'];

/** A dashboard page with a module of its own under app/routes. */
const dashboardPage = (
  path: string,
  route: string,
  access: ShopPage['access'],
  named?: Pick<ShopPage, 'title' | 'sidebar'>,
): ShopPage => ({ path, ...named, modules: [DASHBOARD, `app/routes/${route}`], access });

/** An admin's page: its sidebar link is named as its tab. */
const adminPage = (path: string, title: string): ShopPage => ({
  path,
  title,
  modules: ADMIN_PAGES,
  access: 'admin',
  sidebar: title,
});

/** A page without data, open to everyone, drawn at build time. */
const prerenderedPage = (
  path: string,
  title: string,
  module: string,
  listed?: { sitemap: true },
): ShopPage => ({
  path,
  title,
  modules: [module],
  access: 'everyone',
  prerender: true,
  ...listed,
});

export const SHOP_PAGES: readonly ShopPage[] = [
  {
    path: '/',
    modules: [],
    access: 'everyone',
    sitemap: true,
    reads: () => [partListPath(HOME_PARTS_QUERY)],
  },
  {
    path: '/parts',
    modules: ['app/routes/parts.tsx'],
    access: 'everyone',
    sitemap: true,
    reads: ({ search }) => [partListPath(browseQuery(readBrowseState(search))), CATEGORIES_PATH],
  },
  {
    path: '/parts/:id',
    modules: ['app/routes/product.tsx'],
    access: 'everyone',
    reads: ({ params: [id = ''] }) => [partPath(id), CATEGORIES_PATH],
  },
  prerenderedPage('/blog', 'Blog', 'features/blog/blog-page.tsx', { sitemap: true }),
  prerenderedPage('/portfolio', 'My Portfolio', 'features/portfolio/portfolio-page.tsx', { sitemap: true }),
  prerenderedPage('/login', 'Login', 'app/routes/login.tsx'),
  prerenderedPage('/signup', 'Sign Up', 'app/routes/signup.tsx'),
  prerenderedPage('/forgot-password', 'Forgot your password', 'app/routes/forgot-password.tsx'),
  {
    path: '/reset-password',
    title: 'Choose a new password',
    modules: ['app/routes/reset-password.tsx'],
    access: 'everyone',
  },
  { path: '/purchase/:id', title: 'Purchase', modules: ['app/routes/purchase.tsx'], access: 'signed-in' },
  { path: '/cart', modules: ['app/routes/cart.tsx'], access: 'customer' },
  { path: '/checkout', modules: ['app/routes/checkout.tsx'], access: 'customer' },
  // Before My Profile: the owner's overview is the first item of an admin's menu.
  adminPage('/dashboard/overview', 'Overview'),
  dashboardPage('/dashboard', 'dashboard-profile.tsx', 'signed-in', {
    title: 'My Profile',
    sidebar: 'My Profile',
  }),
  dashboardPage('/dashboard/order', 'dashboard-orders.tsx', 'customer', { sidebar: 'My Orders' }),
  dashboardPage('/dashboard/payment/:id', 'dashboard-payment.tsx', 'customer'),
  dashboardPage('/dashboard/review', 'dashboard-review.tsx', 'customer', {
    title: 'Add a Review',
    sidebar: 'Add a Review',
  }),
  adminPage('/dashboard/allorder', 'Manage All User'),
  adminPage('/dashboard/addproduct', 'Add a Product'),
  adminPage('/dashboard/admin', 'Make Admin'),
  adminPage('/dashboard/manage', 'Manage All Product'),
  adminPage('/dashboard/categories', 'Manage Categories'),
  { path: '/dashboard/orders', modules: ADMIN_PAGES, access: 'admin', sidebar: 'All Orders' },
  adminPage('/dashboard/feedback', 'Feedback'),
];

/** The page's address as a pattern: `/parts/:id` matches `/parts/abc` and `/parts/abc/`, capturing `abc`. */
export function pagePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`);
}

const MATCHERS = SHOP_PAGES.map((page) => [pagePattern(page.path), page] as const);

/** The page at an address, if the shop has one. */
export function pageAt(pathname: string): ShopPage | undefined {
  return MATCHERS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/** The API addresses the page at an address reads first (its `reads`); none for a malformed address. */
export function firstReadsAt(pathname: string, search: URLSearchParams): string[] {
  for (const [pattern, page] of MATCHERS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return page.reads?.({ params: match.slice(1).map((param) => decodeURIComponent(param)), search }) ?? [];
    } catch {
      return [];
    }
  }
  return [];
}

/**
 * The payment page: the only document whose Content-Security-Policy lets Stripe.js run (with the stripe
 * provider), so it must be loaded as a document of its own, never reached by in-app navigation alone.
 */
export const PAYMENT_PAGE_PREFIX = '/dashboard/payment/';

export const paymentPagePath = (orderId: string) => `${PAYMENT_PAGE_PREFIX}${encodeURIComponent(orderId)}`;
