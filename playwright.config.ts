import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/** The shop with the stripe provider (against a local fake of Stripe's API). */
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? 4175);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Tests with two actors (an admin and a customer) load a dozen pages: 25–30 s alone on a shared two-core
  // machine, 40–60 s beside the other worker on a busy one (a CI run failed one at 60 s). The whole test
  // is generous; each step still fails after 10 s (expect below).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Chromium's own background traffic only fails on this closed network.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /(mobile|stripe)\.spec\.ts/ },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec\.ts/ },
    {
      name: 'stripe',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${stripePort}` },
      testMatch: /stripe\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'node e2e/support/start-server.mjs',
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAILS: 'admin@e2e.example',
        FEEDBACK_LIMIT_PER_HOUR: '1000',
        SIGN_UPS_PER_CLIENT: '1000',
        SIGN_IN_ATTEMPTS_PER_CLIENT: '1000',
        PASSWORD_RESETS_PER_CLIENT: '1000',
        SEARCHES_PER_CLIENT_PER_MINUTE: '1000',
      },
    },
    {
      command: 'node --import tsx e2e/support/start-stripe-shop.mts',
      url: `http://127.0.0.1:${stripePort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(stripePort),
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${stripePort}`,
        SIGN_UPS_PER_CLIENT: '1000',
      },
    },
  ],
});
