import { hasSessionCookie } from '#server/auth/session-cookie.ts';
import { GUEST_ORDER_PREFIX, PAYMENT_PAGE_PREFIX } from '#shared/pages.ts';

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** A strict Content-Security-Policy; Stripe's origins only where Stripe Elements run. */
export function contentSecurityPolicy({ stripe }: { stripe: boolean }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(stripe ? STRIPE.script : [])],
    // react-toastify and daisyUI set inline styles; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Admins may use product pictures from any https host.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(stripe ? STRIPE.connect : [])],
    'frame-src': stripe ? STRIPE.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * For pages and files: the headers helmet 8 sends by default, with our CSP, written out once; for
 * signed-out visitors without Cross-Origin-Opener-Policy (see `securityHeaders`).
 */
function documentHeaders(options: {
  stripe: boolean;
  https: boolean;
  opener: boolean;
}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ stripe: options.stripe }),
    ...(options.opener ? { 'cross-origin-opener-policy': 'same-origin' } : {}),
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...hsts(options),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * For JSON answers, OWASP's REST set: JSON is never a document that loads anything, so the policy
 * denies everything, and the browser-feature headers of documents would only cost bytes on every call.
 */
function apiHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...hsts(options),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

function hsts({ https }: { https: boolean }): Record<string, string> {
  return https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {};
}

/**
 * The security headers for a request's URL and Cookie header (signed in or not). The payment pages with
 * the stripe provider (a customer's, a visitor's order) are the only documents allowed to load Stripe. Written out once rather than through
 * helmet's middleware, whose per-request chain cost a third of the catalogue's throughput
 * (bench/catalog.mjs).
 *
 * Cross-Origin-Opener-Policy cuts a page off from the window that opened it, and so costs the browser a
 * new process for the page, a long task on a phone (docs/decisions/018-opener-policy-when-signed-in.md).
 * Only documents that can show an account need it: pages for signed-out visitors are sent without it,
 * and a signed-out page where someone signs in is loaded again (web features/auth/go-after-sign-in.tsx).
 */
export function securityHeaders(options: { stripe: boolean; https: boolean }) {
  const api = apiHeaders(options);
  const signedIn = documentHeaders({ ...options, stripe: false, opener: true });
  const signedOut = documentHeaders({ ...options, stripe: false, opener: false });
  const payment = documentHeaders({ ...options, opener: true });
  return (url: string, cookieHeader: string | undefined) => {
    if (url.startsWith('/api/')) return api;
    // A visitor pays their order signed out, on its private link's page.
    if (options.stripe && url.startsWith(GUEST_ORDER_PREFIX)) return payment;
    if (!hasSessionCookie(cookieHeader)) return signedOut;
    return options.stripe && url.startsWith(PAYMENT_PAGE_PREFIX) ? payment : signedIn;
  };
}
