import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    /** Parts that have orders are hidden rather than erased, so order history keeps its part. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('parts_price_positive', sql`${table.priceCents} > 0`),
    check('parts_min_quantity_positive', sql`${table.minQuantity} >= 1`),
    check('parts_available_not_negative', sql`${table.availableQuantity} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The author's account (null for the demo reviews and after the account was removed). */
    userId: text('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    location: text('location').notNull(),
    rating: integer('rating').notNull(),
    review: text('review').notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} between 1 and 5`),
    index('reviews_created_at_idx').on(table.createdAt),
  ],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    location: text('location').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('feedback_created_at_idx').on(table.createdAt)],
);

/** Fixed-window counters shared by every app instance on the same database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  hits: integer('hits').notNull(),
});

/** One-off facts about this database, such as "the demo data was seeded". */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamps.createdAt,
});

/* Accounts: the tables Better Auth needs (core + admin + two-factor plugins), named for this schema. */

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** 'admin' or 'customer'; set on the server only (ADMIN_EMAILS or an admin's action). */
  role: text('role').notNull().default('customer'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  twoFactorEnabled: boolean('two_factor_enabled').default(false),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);

export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  verified: boolean('verified').default(true),
  failedVerificationCount: integer('failed_verification_count').default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** A customer's own contact details (spec §3 Profile); the email comes from the account. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull(),
  location: text('location').notNull(),
  phone: text('phone').notNull(),
  ...timestamps,
});

/* Orders and payments. */

export const ORDER_STATUSES = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account was removed; the order stays for the books, with the buyer's snapshot. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    partName: text('part_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** The provider's payment (Stripe PaymentIntent id) once it succeeded. */
    transactionId: text('transaction_id').unique(),
    idempotencyKey: text('idempotency_key'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    check('orders_total_matches', sql`${table.totalCents} = ${table.unitPriceCents} * ${table.quantity}`),
    check('orders_status_known', sql`${table.status} in ('unpaid', 'paid', 'shipped', 'cancelled')`),
    check(
      'orders_paid_has_transaction',
      sql`${table.status} not in ('paid', 'shipped') or ${table.transactionId} is not null`,
    ),
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    uniqueIndex('orders_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
  ],
);

/** The offline sandbox provider's payment intents (the stripe provider keeps these at Stripe). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded'] })
    .notNull()
    .default('requires_payment_method'),
  lastError: text('last_error'),
  ...timestamps,
});

/** Provider events already handled (webhooks are delivered at least once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamps.createdAt,
});

/** Who did what to whom, for admin actions (making admins, removing accounts, shipping…). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('audit_log_created_at_idx').on(table.createdAt)],
);
