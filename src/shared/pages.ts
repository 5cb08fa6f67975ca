/**
 * Every page of the shop, once: its address, tab title, code, who may open it, and where else it
 * appears. The router (src/web/app/router.tsx) draws these pages; everything else that needs to know
 * the pages reads them from here: the server's 200-or-404 answer and its code preloads, the tab titles,
 * the dashboard's sidebar, the prerendered first screens and the sitemap. The build fails when a page's
 * code is missing from the Vite manifest (scripts/build.mjs), and a test keeps the router and this table
 * in step (src/web/app/router.test.ts).
 */
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
}

const DASHBOARD = 'app/dashboard-layout.tsx';
const ADMIN_PAGES = [DASHBOARD, 'app/routes/dashboard-admin-pages.tsx'];

export const SHOP_PAGES: readonly ShopPage[] = [
  { path: '/', modules: [], access: 'everyone', sitemap: true },
  { path: '/parts', modules: ['app/routes/parts.tsx'], access: 'everyone', sitemap: true },
  { path: '/parts/:id', modules: ['app/routes/product.tsx'], access: 'everyone' },
  {
    path: '/blog',
    title: 'Blog',
    modules: ['features/blog/blog-page.tsx'],
    access: 'everyone',
    prerender: true,
    sitemap: true,
  },
  {
    path: '/portfolio',
    title: 'My Portfolio',
    modules: ['features/portfolio/portfolio-page.tsx'],
    access: 'everyone',
    prerender: true,
    sitemap: true,
  },
  { path: '/login', title: 'Login', modules: ['app/routes/login.tsx'], access: 'everyone', prerender: true },
  {
    path: '/signup',
    title: 'Sign Up',
    modules: ['app/routes/signup.tsx'],
    access: 'everyone',
    prerender: true,
  },
  {
    path: '/forgot-password',
    title: 'Forgot your password',
    modules: ['app/routes/forgot-password.tsx'],
    access: 'everyone',
    prerender: true,
  },
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
  {
    path: '/dashboard/overview',
    title: 'Overview',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Overview',
  },
  {
    path: '/dashboard',
    title: 'My Profile',
    modules: [DASHBOARD, 'app/routes/dashboard-profile.tsx'],
    access: 'signed-in',
    sidebar: 'My Profile',
  },
  {
    path: '/dashboard/order',
    modules: [DASHBOARD, 'app/routes/dashboard-orders.tsx'],
    access: 'customer',
    sidebar: 'My Orders',
  },
  {
    path: '/dashboard/payment/:id',
    modules: [DASHBOARD, 'app/routes/dashboard-payment.tsx'],
    access: 'customer',
  },
  {
    path: '/dashboard/review',
    title: 'Add a Review',
    modules: [DASHBOARD, 'app/routes/dashboard-review.tsx'],
    access: 'customer',
    sidebar: 'Add a Review',
  },
  {
    path: '/dashboard/allorder',
    title: 'Manage All User',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Manage All User',
  },
  {
    path: '/dashboard/addproduct',
    title: 'Add a Product',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Add a Product',
  },
  {
    path: '/dashboard/admin',
    title: 'Make Admin',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Make Admin',
  },
  {
    path: '/dashboard/manage',
    title: 'Manage All Product',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Manage All Product',
  },
  {
    path: '/dashboard/categories',
    title: 'Manage Categories',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Manage Categories',
  },
  { path: '/dashboard/orders', modules: ADMIN_PAGES, access: 'admin', sidebar: 'All Orders' },
  {
    path: '/dashboard/feedback',
    title: 'Feedback',
    modules: ADMIN_PAGES,
    access: 'admin',
    sidebar: 'Feedback',
  },
];

/** The page's address as a pattern: `/parts/:id` matches `/parts/abc` and `/parts/abc/`. */
export function pagePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}${segments.length ? '/?' : ''}$`);
}

const MATCHERS = SHOP_PAGES.map((page) => [pagePattern(page.path), page] as const);

/** The page at an address, if the shop has one. */
export function pageAt(pathname: string): ShopPage | undefined {
  return MATCHERS.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * The payment page: the only document whose Content-Security-Policy lets Stripe.js run (with the stripe
 * provider), so it must be loaded as a document of its own, never reached by in-app navigation alone.
 */
export const PAYMENT_PAGE_PREFIX = '/dashboard/payment/';

export const paymentPagePath = (orderId: string) => `${PAYMENT_PAGE_PREFIX}${encodeURIComponent(orderId)}`;
