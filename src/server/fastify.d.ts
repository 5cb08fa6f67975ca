import type { RouteEntry } from './app';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database, Db } from './db/database';
import type { CatalogCache } from './modules/catalog/catalog-cache';
import type { SandboxProvider } from './payments/create-provider';
import type { PaymentProvider } from './payments/provider';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shorthand for database.db: the Drizzle handle every module queries through. */
    db: Db;
    auth: Auth;
    catalogCache: CatalogCache;
    /** Every route registered, for the security suite's access matrix. */
    routeTable: readonly RouteEntry[];
    /** The event loop's recent mean delay (see http/overload.ts). */
    eventLoopDelayMs: () => number;
    payments: PaymentProvider;
    /** The offline provider's card form endpoint needs it; null with Stripe. */
    sandboxPayments: SandboxProvider | null;
  }
}
