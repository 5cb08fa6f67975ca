// A second end-to-end server for the stripe provider: a local fake of Stripe's API (the one the API tests
// use), then the built shop pointed at it, on an in-memory database. Stripe.js itself cannot be loaded
// here (no network), so these tests check what the shop controls: the pages' policies and requests.
import { spawn } from 'node:child_process';
import { startFakeStripe } from '../../test/support/fake-stripe';

const SECRET_KEY = 'sk_test_e2e';
const stripe = await startFakeStripe(SECRET_KEY);
const shop = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_API_URL: stripe.url,
  },
});
const stop = async () => {
  shop.kill('SIGTERM');
  await stripe.close();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
shop.on('exit', async (code) => {
  await stripe.close().catch(() => {});
  process.exit(code ?? 0);
});
