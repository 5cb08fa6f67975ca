import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

const PAYMENT_PAGE = /^\/dashboard\/payment\//;

/**
 * helmet's headers (nosniff, referrer policy, frame denial, HSTS behind https, COOP…) plus our CSP:
 * the payment page with the stripe provider is the only document allowed to load Stripe.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { stripe: boolean; https: boolean },
) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const strict = contentSecurityPolicy({ stripe: false });
  const withStripe = contentSecurityPolicy({ stripe: true });
  app.addHook('onSend', async (request, reply) => {
    const onPaymentPage = options.stripe && PAYMENT_PAGE.test(request.url);
    reply.header('content-security-policy', onPaymentPage ? withStripe : strict);
  });
}
