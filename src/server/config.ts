import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_SHARED_BUFFERS_MB } from '#server/db/pglite.ts';
import { DEFAULT_TIMEOUTS } from '#server/db/postgres.ts';
import { SHOP_NAME } from '#shared/shop.ts';

/** The only place that reads process.env: every setting is parsed and checked here at start-up. */

const port = z.coerce
  .number({ error: 'a whole number from 0 to 65535' })
  .int()
  .min(0)
  .max(65535, { error: 'a whole number from 0 to 65535' });
const url = (protocols: string[], description: string) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: description });
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'a comma-separated list of email addresses' })));
const positiveInt = z.coerce
  .number({ error: 'a whole number above 0' })
  .int()
  .positive({ error: 'a whole number above 0' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The embedded database's buffer pool, in MB (see db/pglite.ts). */
  PGLITE_SHARED_BUFFERS_MB: positiveInt.default(DEFAULT_SHARED_BUFFERS_MB),
  DATABASE_URL: url(['postgres', 'postgresql'], 'a postgres or postgresql URL').optional(),
  PUBLIC_URL: url(['http', 'https'], 'an http or https URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  ADMIN_EMAILS: emailList.default([]),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  FEEDBACK_LIMIT_PER_HOUR: positiveInt.default(10),
  /** Visitor carts one client address may start per hour (each is a row until it is used or cleaned). */
  GUEST_CARTS_PER_CLIENT_PER_HOUR: positiveInt.default(20),
  /** Guest checkouts (visitors placing orders) per client address an hour. */
  GUEST_ORDERS_PER_CLIENT_PER_HOUR: positiveInt.default(20),
  /** "Notify me when it's back" asked by visitors, per client address an hour (each may mail a link). */
  STOCK_ALERTS_PER_CLIENT_PER_HOUR: positiveInt.default(10),
  /** Returns asked for per hour, by one account or (visitors' orders, by their link) one client address. */
  RETURN_REQUESTS_PER_HOUR: positiveInt.default(10),
  AUTH_SECRET: z.string().min(32, { error: 'at least 32 characters' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: url(['http', 'https'], 'an http or https URL').default('https://accounts.google.com'),
  SMTP_URL: url(['smtp', 'smtps'], 'an smtp or smtps URL').optional(),
  MAIL_FROM: z.string().min(3).default(`${SHOP_NAME} <no-reply@localhost>`),
  /** Where new paid orders are announced; by default every admin with a verified address. */
  ORDER_ALERT_EMAIL: z.email({ error: 'an email address' }).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', { error: 'a Stripe secret key (sk_…)' }).optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith('pk_', { error: 'a Stripe publishable key (pk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', { error: 'a Stripe webhook signing secret (whsec_…)' })
    .optional(),
  /** Where the Stripe API is; only tests change it (a local fake of Stripe's API). */
  STRIPE_API_URL: url(['http', 'https'], 'an http or https URL').default('https://api.stripe.com'),
  CARD_ATTEMPTS_PER_USER: positiveInt.default(30),
  /** How long an unpaid order holds its parts before it expires (fractions allowed). */
  UNPAID_ORDER_HOLD_MINUTES: z.coerce
    .number({ error: 'a number of minutes above 0' })
    .positive({ error: 'a number of minutes above 0' })
    .max(60 * 24 * 30, { error: 'at most 43200 (30 days)' })
    .default(30),
  MAX_UNPAID_ORDERS_PER_CUSTOMER: positiveInt.default(5),
  /** Whether catalogue prices include tax (then an order's tax is the part of its prices that is tax). */
  PRICES_INCLUDE_TAX: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  REVIEWS_PER_USER_PER_DAY: positiveInt.default(10),
  /**
   * Searches one client address may have read from the database per minute (answers the catalogue
   * cache holds do not count); past it 429. Someone typing searches never gets near it.
   */
  SEARCHES_PER_CLIENT_PER_MINUTE: positiveInt.default(60),
  /**
   * How long a shared cache (a CDN, a reverse proxy) may answer a visitor's catalogue read without
   * asking the shop, in seconds: the longest a change takes to show through it (http/cache-policy.ts).
   * 0 turns shared caching off.
   */
  SHARED_CACHE_SECONDS: z.coerce
    .number({ error: 'a whole number of seconds from 0 to 3600' })
    .int({ error: 'a whole number of seconds from 0 to 3600' })
    .min(0, { error: 'a whole number of seconds from 0 to 3600' })
    .max(3600, { error: 'a whole number of seconds from 0 to 3600' })
    .default(10),
  /** Past this event-loop delay the server sheds load with 503 (see http/overload.ts). */
  MAX_EVENT_LOOP_DELAY_MS: positiveInt.default(1000),
  /** PostgreSQL bounds (see db/postgres.ts): a slow or blocked database is answered 503, never a hang. */
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(DEFAULT_TIMEOUTS.statementMs),
  DB_LOCK_TIMEOUT_MS: positiveInt.default(DEFAULT_TIMEOUTS.lockMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt.default(DEFAULT_TIMEOUTS.idleInTransactionMs),
  SIGN_IN_FAILURES_PER_ACCOUNT: positiveInt.default(10),
  SIGN_IN_ATTEMPTS_PER_CLIENT: positiveInt.default(30),
  SIGN_UPS_PER_CLIENT: positiveInt.default(20),
  PASSWORD_RESETS_PER_CLIENT: positiveInt.default(5),
  /** Password-reset and verification mails one address may be sent per hour, whoever asks. */
  ACCOUNT_MAILS_PER_ADDRESS: positiveInt.default(5),
  /** Sign-in attempts the whole shop takes per minute, from every client together. */
  SIGN_INS_PER_MINUTE: positiveInt.default(600),
  /**
   * Passwords checked or hashed at once (scrypt: ~250 ms of a core each, in libuv's thread pool; see
   * auth/password-gate.ts). By default one core fewer than the machine has, so hashing never takes the
   * core the event loop (and the embedded database) runs on.
   */
  PASSWORD_CHECKS_AT_ONCE: positiveInt.default(Math.max(1, availableParallelism() - 1)),
});

export type Config = z.output<typeof envSchema> & {
  publicUrl: string;
  /** Origins whose pages may make cookie-authenticated changes. */
  trustedOrigins: string[];
};

export class ConfigError extends Error {}

/** Parses the environment; a bad setting throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = present[name];
    throw new ConfigError(
      `Invalid setting ${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const config = result.data;
  if (config.NODE_ENV === 'production' && !config.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid setting AUTH_SECRET: required in production (a random string of 32+ characters)',
    );
  }
  if (config.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!config[name])
        throw new ConfigError(`Invalid setting ${name}: required when PAYMENT_PROVIDER is stripe`);
    }
  }
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    const missing = config.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(`Invalid setting ${missing}: required when the other Google setting is given`);
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  // Without PUBLIC_URL the shop is used locally, by whichever loopback name the browser was given.
  const trustedOrigins = config.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.PORT}`);
  return { ...config, publicUrl, trustedOrigins };
}
