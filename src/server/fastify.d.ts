import type { Auth } from '#server/auth/auth.ts';
import type { RequestSession } from '#server/auth/session-reader.ts';
import type { Database, Db } from '#server/db/database.ts';
import type { JobWorker } from '#server/jobs/queue.ts';
import type { CatalogCache, CatalogueChange } from '#server/modules/catalog/catalog-cache.ts';
import type { OrderLinks } from '#server/modules/orders/order-link.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import type { SandboxProvider } from '#server/payments/sandbox.ts';
import type { RouteEntry } from './app';
import type { Config } from './config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** Shorthand for database.db: the Drizzle handle every module queries through. */
    db: Db;
    auth: Auth;
    /** The session of a request's cookie (see auth/session-reader.ts); the guards call it. */
    readSession: (request: FastifyRequest, reply?: FastifyReply) => Promise<RequestSession | null>;
    catalogCache: CatalogCache;
    /** Every route registered, for the security suite's access matrix. */
    routeTable: readonly RouteEntry[];
    /** The event loop's recent mean delay (see http/overload.ts). */
    eventLoopDelayMs: () => number;
    payments: PaymentProvider;
    /** Visitors' orders' private links (modules/orders/order-link.ts). */
    orderLinks: OrderLinks;
    /** The offline provider's card form endpoint needs it; null with Stripe. */
    sandboxPayments: SandboxProvider | null;
    /** The background job worker (order mails); tests call runOnce() to run what is due now. */
    jobs: JobWorker;
  }
  interface FastifyContextConfig {
    /**
     * The route changes what the catalogue shows (parts, categories, stock): its cache is cleared after,
     * of what the request says it changed (`request.catalogueChange`) when it says, else of everything.
     */
    changesCatalogue?: boolean;
  }
  interface FastifyRequest {
    /** What a `changesCatalogue` route changed (an order's lines' stock), when it knows. */
    catalogueChange: CatalogueChange | null;
  }
}
