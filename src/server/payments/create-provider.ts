import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/** The configured provider; the sandbox also answers its own card form, so it is returned separately. */
export function createPaymentProvider(
  config: Config,
  db: Db,
): { payments: PaymentProvider; sandbox: SandboxProvider | null } {
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    const sandbox = createSandboxProvider(db);
    return { payments: sandbox, sandbox };
  }
  return {
    payments: createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    }),
    sandbox: null,
  };
}
