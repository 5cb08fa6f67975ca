import { PAYMENT_PAGE_PREFIX } from '../../shared/pages';

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

/** For pages and files: the headers helmet 8 sends by default, with our CSP, written out once. */
function documentHeaders(options: { stripe: boolean; https: boolean }): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy({ stripe: options.stripe }),
    'cross-origin-opener-policy': 'same-origin',
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
 * The security headers for a request's URL. The payment page with the stripe provider is the only
 * document allowed to load Stripe. Written out once rather than through helmet's middleware, whose
 * per-request chain cost a third of the catalogue's throughput (bench/catalog.mjs).
 */
export function securityHeaders(options: { stripe: boolean; https: boolean }) {
  const api = apiHeaders(options);
  const strict = documentHeaders({ ...options, stripe: false });
  const payment = documentHeaders(options);
  return (url: string) => {
    if (url.startsWith('/api/')) return api;
    return options.stripe && url.startsWith(PAYMENT_PAGE_PREFIX) ? payment : strict;
  };
}
