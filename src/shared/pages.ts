/**
 * Every page of the shop, once: its address, tab title, code, who may open it, and where else it
 * appears. Everything that needs to know the pages is made from this table: the router
 * (src/web/app/router.tsx: its routes, their code and their guards), the server's 200-or-404 answer and
 * its code preloads, the tab titles, the dashboard's sidebar, the prerendered first screens and the
 * sitemap. The build fails when a page's code is missing from the Vite manifest (scripts/build.mjs).
 */

import type { Role } from '#shared/contracts/session.ts';
import {
  type BrowseScope,
  browseQuery,
  CATEGORIES_PATH,
  HOME_PARTS_QUERY,
  partFacetsPath,
  partListPath,
  partPath,
  readBrowseState,
} from './browse';
import {
  finderQuery,
  LAPTOP_BRANDS_PATH,
  laptopListPath,
  laptopPath,
  readFinderState,
} from './laptop-finder';
import { SITE_PAGES, sitePageApiPath } from './site-pages';

export interface ShopPage {
  /** The address as the router writes it; `:name` stands for one path segment. */
  path: string;
  /** The tab's title before ` — Reliable Tech Parts`; absent when the page takes it from its data. */
  title?: string;
  /**
   * Its code: keys of Vite's build manifest (paths under src/web), preloaded along with the HTML; the
   * last is the page's own module (none: the page is drawn by the app's entry, as the home page is).
   */
  modules: string[];
  /** The page's component: the name its own module exports it under. */
  view: string;
  /**
   * Who may open it: everyone; those who buy (`buyers`: visitors and customers, not admins); or
   * signed-in accounts (of one role).
   */
  access: 'everyone' | 'buyers' | 'signed-in' | Role;
  /** Drawn at build time for signed-out visitors, so that it paints before the JavaScript runs. */
  prerender?: boolean;
  /**
   * Drawn by the server for signed-out visitors as it is asked for, from the answers to its `reads`
   * (which it sends with it), when every one of them answered in time; otherwise the app draws it.
   */
  drawnFromAnswers?: boolean;
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

/** A part's public page, and the page where a signed-in customer buys it at once. */
export const PRODUCT_PAGE = '/parts/:id';
export const PURCHASE_PAGE = '/purchase/:id';

/** The address of the page at `path` for the values of its `:name` segments, in order. */
export const pageAddress = (path: string, ...values: string[]) => {
  let next = 0;
  return path.replace(/:[^/]+/g, () => encodeURIComponent(values[next++] ?? ''));
};

export const productPagePath = (partId: string) => pageAddress(PRODUCT_PAGE, partId);
export const purchasePagePath = (partId: string) => pageAddress(PURCHASE_PAGE, partId);

/** Finding one's laptop, and one laptop model's page: the parts that fit it. */
export const LAPTOPS_PAGE = '/laptops';
export const LAPTOP_PAGE = '/laptops/:slug';
export const laptopPagePath = (slug: string) => pageAddress(LAPTOP_PAGE, slug);
/** A model page's heading and title, in the app and in the head the server sends with it. */
export const laptopPageTitle = (name: string) => `Parts for ${name}`;

/** A laptop model's page browses the parts with `fits` fixed to the model (src/shared/browse.ts). */
export const laptopScope = (slug: string): BrowseScope => ({ path: laptopPagePath(slug), fits: slug });

/** What a browse page reads first: its page of parts, and with a category the counts of its specs. */
function browseReads(search: URLSearchParams, scope?: BrowseScope): string[] {
  const query = browseQuery(readBrowseState(search, scope), scope);
  return [partListPath(query), ...(query.category ? [partFacetsPath(query)] : [])];
}

/**
 * The pages of text linked from the footer (About us, Returns & warranty…): one view for all, which
 * finds its page by its address. Not drawn at build time: their text is the owner's, read with the page.
 */
const sitePages = SITE_PAGES.map(
  (page): ShopPage => ({
    path: page.path,
    title: page.title,
    view: 'SitePageView',
    modules: ['features/site-pages/site-page.tsx'],
    access: 'everyone',
    sitemap: true,
    reads: () => [sitePageApiPath(page.slug)],
  }),
);

/** An admin's page of the laptop models one part fits, reached from Manage All Product. */
/** One order: its lines, address, tracking and history, with a printable receipt (its buyer, or an admin). */
export const ORDER_PAGE = '/dashboard/orders/:id';
export const orderPagePath = (orderId: string) => pageAddress(ORDER_PAGE, orderId);
/** A visitor's order, shown and paid by whoever holds its private link (the token). */
export const GUEST_ORDER_PAGE = '/orders/:id';
export const GUEST_ORDER_PREFIX = '/orders/';
export const guestOrderPath = (orderId: string, token: string) =>
  `${GUEST_ORDER_PREFIX}${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`;
export const PART_FITS_PAGE = '/dashboard/parts/:id/fits';
export const partFitsPagePath = (partId: string) => pageAddress(PART_FITS_PAGE, partId);

/** The dashboard's frame (its sidebar): the pages whose code starts with it are drawn inside it. */
export const DASHBOARD_LAYOUT = 'app/dashboard-layout.tsx';
const ADMIN_PAGES = [DASHBOARD_LAYOUT, 'app/routes/dashboard-admin-pages.tsx'];

/** Whether a page is drawn inside the dashboard's frame. */
export const inDashboard = (page: ShopPage) => page.modules[0] === DASHBOARD_LAYOUT;

/**
 * A dashboard page with a module of its own under app/routes; a page with a title of its own has a
 * sidebar link named as its tab.
 */
const dashboardPage = (
  path: string,
  route: string,
  view: string,
  access: ShopPage['access'],
  title?: string,
): ShopPage => ({
  path,
  title,
  view,
  modules: [DASHBOARD_LAYOUT, `app/routes/${route}`],
  access,
  ...(title ? { sidebar: title } : {}),
});

/** An admin's page: its sidebar link is named as its tab. */
const adminPage = (path: string, title: string, view: string): ShopPage => ({
  path,
  title,
  view,
  modules: ADMIN_PAGES,
  access: 'admin',
  sidebar: title,
});

/** A page without data, open to everyone, drawn at build time. */
const prerenderedPage = (
  path: string,
  title: string,
  module: string,
  view: string,
  listed?: { sitemap: true },
): ShopPage => ({
  path,
  title,
  view,
  modules: [module],
  access: 'everyone',
  prerender: true,
  ...listed,
});

export const SHOP_PAGES: readonly ShopPage[] = [
  {
    path: '/',
    view: 'HomeRoute',
    modules: [],
    access: 'everyone',
    sitemap: true,
    reads: () => [partListPath(HOME_PARTS_QUERY)],
  },
  {
    path: '/parts',
    view: 'PartsRoute',
    modules: ['app/routes/parts.tsx'],
    access: 'everyone',
    sitemap: true,
    reads: ({ search }) => [...browseReads(search), CATEGORIES_PATH],
    drawnFromAnswers: true,
  },
  {
    path: PRODUCT_PAGE,
    view: 'ProductRoute',
    modules: ['app/routes/product.tsx'],
    access: 'everyone',
    reads: ({ params: [id = ''] }) => [partPath(id), CATEGORIES_PATH],
  },
  {
    path: LAPTOPS_PAGE,
    title: 'Find your laptop',
    view: 'LaptopsRoute',
    modules: ['app/routes/laptops.tsx'],
    access: 'everyone',
    sitemap: true,
    reads: ({ search }) => {
      const models = finderQuery(readFinderState(search));
      return [LAPTOP_BRANDS_PATH, ...(models ? [laptopListPath(models)] : [])];
    },
  },
  {
    // Its title, description and structured data come from the model (server http/seo.ts).
    path: LAPTOP_PAGE,
    view: 'LaptopRoute',
    modules: ['app/routes/laptop.tsx'],
    access: 'everyone',
    reads: ({ params: [slug = ''], search }) => [laptopPath(slug), ...browseReads(search, laptopScope(slug))],
  },
  prerenderedPage('/blog', 'Blog', 'features/blog/blog-page.tsx', 'BlogPage', { sitemap: true }),
  prerenderedPage('/portfolio', 'My Portfolio', 'features/portfolio/portfolio-page.tsx', 'PortfolioPage', {
    sitemap: true,
  }),
  ...sitePages,
  prerenderedPage('/login', 'Login', 'app/routes/login.tsx', 'LoginRoute'),
  prerenderedPage('/signup', 'Sign Up', 'app/routes/signup.tsx', 'SignupRoute'),
  prerenderedPage(
    '/forgot-password',
    'Forgot your password',
    'app/routes/forgot-password.tsx',
    'ForgotPasswordRoute',
  ),
  {
    path: '/reset-password',
    title: 'Choose a new password',
    view: 'ResetPasswordRoute',
    modules: ['app/routes/reset-password.tsx'],
    access: 'everyone',
  },
  {
    path: PURCHASE_PAGE,
    title: 'Purchase',
    view: 'PurchaseRoute',
    modules: ['app/routes/purchase.tsx'],
    access: 'signed-in',
  },
  // Visitors buy too (guest checkout).
  {
    path: '/cart',
    title: 'Your cart',
    view: 'CartRoute',
    modules: ['app/routes/cart.tsx'],
    access: 'buyers',
  },
  {
    path: '/checkout',
    title: 'Checkout',
    view: 'CheckoutRoute',
    modules: ['app/routes/checkout.tsx'],
    access: 'buyers',
  },
  {
    path: GUEST_ORDER_PAGE,
    title: 'Your order',
    view: 'GuestOrderRoute',
    modules: ['app/routes/guest-order.tsx'],
    access: 'everyone',
  },
  // Before My Profile: the owner's overview is the first item of an admin's menu.
  adminPage('/dashboard/overview', 'Overview', 'OverviewRoute'),
  dashboardPage('/dashboard', 'dashboard-profile.tsx', 'DashboardProfileRoute', 'signed-in', 'My Profile'),
  dashboardPage('/dashboard/order', 'dashboard-orders.tsx', 'DashboardOrdersRoute', 'customer', 'My Orders'),
  // Titled by its order; reached from My Orders and the mails, not the sidebar.
  dashboardPage(ORDER_PAGE, 'dashboard-order.tsx', 'DashboardOrderRoute', 'signed-in'),
  dashboardPage('/dashboard/payment/:id', 'dashboard-payment.tsx', 'DashboardPaymentRoute', 'customer'),
  dashboardPage(
    '/dashboard/review',
    'dashboard-review.tsx',
    'DashboardReviewRoute',
    'customer',
    'Add a Review',
  ),
  adminPage('/dashboard/allorder', 'Manage All User', 'AllUsersRoute'),
  adminPage('/dashboard/addproduct', 'Add a Product', 'AddProductRoute'),
  adminPage('/dashboard/admin', 'Make Admin', 'MakeAdminRoute'),
  adminPage('/dashboard/manage', 'Manage All Product', 'ManageProductsRoute'),
  // Titled by the part it edits; reached from Manage All Product, not the sidebar.
  dashboardPage(PART_FITS_PAGE, 'dashboard-part-fits.tsx', 'PartFitsRoute', 'admin'),
  adminPage('/dashboard/categories', 'Manage Categories', 'ManageCategoriesRoute'),
  adminPage('/dashboard/laptops', 'Laptops', 'LaptopsRoute'),
  adminPage('/dashboard/orders', 'All Orders', 'AllOrdersRoute'),
  adminPage('/dashboard/returns', 'Returns', 'ReturnsRoute'),
  adminPage('/dashboard/feedback', 'Feedback', 'FeedbackRoute'),
  adminPage('/dashboard/pages', 'Shop pages', 'SitePagesRoute'),
  adminPage('/dashboard/shipping', 'Shipping', 'ShippingRoute'),
  adminPage('/dashboard/tax', 'Tax', 'TaxRoute'),
  adminPage('/dashboard/discounts', 'Discount codes', 'DiscountCodesRoute'),
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

/** The documents that take a card: the only ones allowed to load the card provider's script. */
export const isPaymentDocument = (path: string) =>
  path.startsWith(PAYMENT_PAGE_PREFIX) || path.startsWith(GUEST_ORDER_PREFIX);
