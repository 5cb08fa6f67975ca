import { relations, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, type OrderStatus } from '#shared/contracts/order.ts';
import { DEFAULT_WARRANTY_MONTHS, MAX_WARRANTY_MONTHS, PART_CONDITIONS } from '#shared/part-numbers.ts';
import type { PartSpecs } from '#shared/part-specs.ts';
import { RETURN_REASONS, RETURN_STATUSES } from '#shared/returns.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Binary data: a Buffer on both drivers (node-postgres gives one, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Product pictures uploaded by admins: resized WebP variants without metadata, kept in the database so
 * that every app instance serves every image (at /images/uploads/:id/:variant.webp).
 */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** For product cards and lists. */
  card: bytea('card').notNull(),
  /** For the product page. */
  product: bytea('product').notNull(),
  uploadedBy: text('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The catalogue's departments; every part is in exactly one. */
export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The category in URLs and in the part read shape (`category`), e.g. `storage-memory`. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  ...timestamps,
});

/**
 * What the shop compares when it says two part names are the same: the name without regard to case or to
 * how its accents are encoded ("Écran", "ÉCRAN" and "E\u0301cran" are one name). Parts on sale may not
 * share it: the unique index parts_on_sale_name_key refuses a second one (the admin form answers its
 * refusal), and the import asks the database for the key of each name (catalog/part-names.ts) rather
 * than computing it a second way.
 */
export const partNameKey = (name: SQLWrapper) => sql`lower(normalize(${name}, NFC))`;

/**
 * Parts also carry `search_vector` (tsvector: name, part numbers, category and description, weighted,
 * the laptops they fit, and their category's own word, category_word(), for searches within it) and feed the
 * `search_words` lexicon used to forgive typos. Both are kept by triggers written in the migration
 * (drizzle/0005_catalogue_search.sql), not here, so that rows written by any means are searchable and
 * ordinary selects do not carry the vector.
 */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    priceCents: integer('price_cents').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    /** Maker part numbers as written (FRU, DP/N, spare numbers); searched by their keys (shared/part-numbers.ts). */
    partNumbers: text('part_numbers').array().notNull().default(sql`'{}'::text[]`),
    condition: text('condition', { enum: PART_CONDITIONS }).notNull().default('new'),
    warrantyMonths: integer('warranty_months').notNull().default(DEFAULT_WARRANTY_MONTHS),
    /** Typed specs, checked against the category's table (shared/part-specs.ts). */
    specs: jsonb('specs').$type<PartSpecs>().notNull().default(sql`'{}'::jsonb`),
    /** Parts that have orders are hidden rather than erased, so order history keeps its part. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Its buyers' reviews that are shown (part_reviews without hidden_at): how many, and the sum of their
     * stars. Kept by a trigger on part_reviews in the review's own transaction (migration 0021), so a
     * catalogue page reads a part's rating with its row, never by counting reviews.
     */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    check('parts_price_positive', sql`${table.priceCents} > 0`),
    check(
      'parts_rating_counts',
      sql`${table.ratingCount} >= 0 and ${table.ratingSum} between ${table.ratingCount} and 5 * ${table.ratingCount}`,
    ),
    check('parts_min_quantity_positive', sql`${table.minQuantity} >= 1`),
    check('parts_available_not_negative', sql`${table.availableQuantity} >= 0`),
    check('parts_condition_known', sql`${table.condition} in ('new', 'refurbished', 'used')`),
    check(
      'parts_warranty_months_range',
      sql`${table.warrantyMonths} between 0 and ${sql.raw(String(MAX_WARRANTY_MONTHS))}`,
    ),
    index('parts_specs_idx').using('gin', sql`${table.specs} jsonb_path_ops`),
    // The catalogue's orders, for active parts; each leads with the category for category pages. Each
    // holds the order's tie-breaker (id) and the other columns a page is sorted and paged by, so that a
    // page is chosen from the index alone (index-only), however deep: holding the sort column only, the
    // 11th page of 24 read and sorted the 264 rows before it from the table (PGlite, 100,000 parts: 2.3
    // ms against 0.9 ms for choosing the page).
    index('parts_active_newest_idx')
      .on(table.categoryId, table.createdAt, table.id, table.priceCents)
      .where(sql`${table.archivedAt} is null`),
    index('parts_active_price_idx')
      .on(table.categoryId, table.priceCents, table.id, table.createdAt)
      .where(sql`${table.archivedAt} is null`),
    index('parts_active_name_idx')
      .on(table.categoryId, table.name, table.id, table.priceCents, table.createdAt)
      .where(sql`${table.archivedAt} is null`),
    // A category's parts, for what reads all of them (its facets and its count without a search), read
    // from here rather than from an index of the category's orders, 19 times larger (deduplicated: the
    // same category is one key). A search within a category no longer reads it: its documents hold the
    // category's word (migration 0034).
    index('parts_active_category_idx').on(table.categoryId).where(sql`${table.archivedAt} is null`),
    index('parts_all_newest_idx')
      .on(table.createdAt, table.id, table.priceCents)
      .where(sql`${table.archivedAt} is null`),
    index('parts_all_price_idx')
      .on(table.priceCents, table.id, table.createdAt)
      .where(sql`${table.archivedAt} is null`),
    index('parts_all_name_idx')
      .on(table.name, table.id, table.priceCents, table.createdAt)
      .where(sql`${table.archivedAt} is null`),
    // A laptop's fitting parts are ordered and paged from this alone (index-only), and only the page's
    // rows are read whole: reading each of a model's few hundred wide rows to sort them was most of a
    // fits page (EXPLAIN ANALYZE, 1,000,000 fits: 1.1–3.1 ms against 0.6–1.0 ms).
    // (Drizzle has no INCLUDE: the sort columns are trailing key columns, which serves the same.)
    index('parts_active_listing_idx')
      .on(table.id, table.createdAt, table.priceCents)
      .where(sql`${table.archivedAt} is null`),
    uniqueIndex('parts_on_sale_name_key').on(partNameKey(table.name)).where(sql`${table.archivedAt} is null`),
  ],
);

/**
 * Laptop models parts fit (docs/decisions/027-fitment.md): `name` is the whole name people know
 * ("Lenovo ThinkPad T480"), aliases the machine types and other names they search (20L5, 20L6). Their
 * search document is kept by a trigger (migration 0011), like the parts'.
 */
export const laptopModels = pgTable(
  'laptop_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    brand: text('brand').notNull(),
    series: text('series').notNull(),
    name: text('name').notNull(),
    years: text('years').notNull().default(''),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (table) => [
    index('laptop_models_brand_name_idx').on(table.brand, table.name),
    uniqueIndex('laptop_models_name_key').on(sql`lower(${table.name})`),
  ],
);

/**
 * One row per part and model it fits, with a note for the fit's limits ("not the touch version"), and
 * a copy of what a laptop's page sorts its parts by: whether the part is on sale, when it was added,
 * its price. Triggers keep the copy (migration 0028): taken from the part when a fit is written
 * without one, changed with the part.
 */
export const partFits = pgTable(
  'part_fits',
  {
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    modelId: uuid('model_id')
      .notNull()
      .references(() => laptopModels.id, { onDelete: 'cascade' }),
    note: text('note'),
    // Not given (null), copied from the part as the fit is written.
    partOnSale: boolean('part_on_sale').notNull().default(sql`null`),
    partCreatedAt: timestamp('part_created_at', { withTimezone: true }).notNull().default(sql`null`),
    partPriceCents: integer('part_price_cents').notNull().default(sql`null`),
  },
  (table) => [
    primaryKey({ columns: [table.partId, table.modelId] }),
    // The fits filter reads it by model and part; a laptop's page orders, counts and pages its parts
    // from it alone (index-only), reading only the page's parts whole.
    index('part_fits_model_part_idx').on(
      table.modelId,
      table.partId,
      table.partOnSale,
      table.partCreatedAt,
      table.partPriceCents,
    ),
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

/**
 * A part's review by a customer who received it (a delivered order line of the part): one per part and
 * customer, edited in place. Hidden ones (by an admin) stay, out of the list and of the part's rating.
 * The part's `rating_count` and `rating_sum` follow every change by trigger (migration 0021).
 */
export const partReviews = pgTable(
  'part_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    /** The author: a review goes with its account. */
    userId: text('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    /** The laptop the buyer says the part fitted, as it was named then ("Fitted my Lenovo ThinkPad T480"). */
    forLaptopSlug: text('for_laptop_slug'),
    forLaptopName: text('for_laptop_name'),
    /** When an admin hid it; null while it is shown. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
    /** When its author last wrote it (an admin hiding or restoring it is no edit). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('part_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    uniqueIndex('part_reviews_part_user_idx').on(table.partId, table.userId),
    // A part's page of shown reviews, newest first.
    index('part_reviews_shown_idx').on(table.partId, table.createdAt).where(sql`${table.hiddenAt} is null`),
    index('part_reviews_user_idx').on(table.userId),
  ],
);

/**
 * "Notify me when it's back": an address waiting for a part out of stock. A visitor's address counts
 * once confirmed by the link mailed to it; a customer's verified address at once. It ends when its
 * one mail is queued (the part back in stock), when unsubscribed, or when its customer cancels it.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The customer who asked (null for a visitor). */
    userId: text('user_id').references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['notified', 'unsubscribed', 'cancelled'] }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check(
      'stock_alerts_end_reason_known',
      sql`${table.endReason} is null or ${table.endReason} in ('notified', 'unsubscribed', 'cancelled')`,
    ),
    // One waiting alert per part and address; once ended, the address may ask again.
    uniqueIndex('stock_alerts_waiting_idx')
      .on(table.partId, table.email)
      .where(sql`${table.endedAt} is null`),
    // Who is waiting for a part (the back-in-stock trigger, the Overview's most wanted).
    index('stock_alerts_subscribed_idx')
      .on(table.partId)
      .where(sql`${table.confirmedAt} is not null and ${table.endedAt} is null`),
    index('stock_alerts_email_idx').on(table.email).where(sql`${table.endedAt} is null`),
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
    /** When the password was last entered again on this session (admins' sensitive changes ask for it). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
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

/** A customer's own contact details (My Profile); the email comes from the account. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull(),
  location: text('location').notNull(),
  phone: text('phone').notNull(),
  /** "My laptop": the model the customer chose (null when none). */
  laptopModelId: uuid('laptop_model_id').references(() => laptopModels.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** A customer's address book: where their orders can go, one of them the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    /** The city. */
    location: text('location').notNull(),
    /** State or province code ('' where the country's addresses have none). */
    region: text('region').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index('addresses_user_idx').on(table.userId, table.createdAt),
    // At most one default per customer, whatever two requests at once do.
    uniqueIndex('addresses_one_default_idx').on(table.userId).where(sql`${table.isDefault}`),
  ],
);

/* Checkout's money: shipping methods, tax rates and discount codes (priced in shared/pricing.ts). */

/** How an order can travel and what it costs; admins keep them at /dashboard/shipping. */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** Free once the discounted subtotal reaches this; null: never free. */
    freeOverCents: bigint('free_over_cents', { mode: 'number' }),
    /** ISO 3166-1 alpha-2 codes served; empty: everywhere. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** How long it takes, as shoppers read it ("3–5 business days"). */
    days: text('days').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    check('shipping_methods_price_not_negative', sql`${table.priceCents} >= 0`),
    uniqueIndex('shipping_methods_name_idx').on(sql`lower(${table.name})`),
  ],
);

/** Sales tax or VAT per country, or per region of one (a region's rate wins over its country's). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    /** A state or province code; '' for the whole country. */
    region: text('region').notNull().default(''),
    /** Thousandths of a percent: 7.25 % is 7250, so three decimals stay exact. */
    rateMilli: integer('rate_milli').notNull(),
    appliesToShipping: boolean('applies_to_shipping').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check('tax_rates_rate_range', sql`${table.rateMilli} between 0 and 100000`),
    uniqueIndex('tax_rates_place_idx').on(table.country, table.region),
  ],
);

/** Codes a buyer types at checkout; a code that was used is deactivated, never deleted. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As the admin spelled it; buyers' codes are compared without regard to case. */
    code: text('code').notNull(),
    kind: text('kind', { enum: ['percent', 'amount'] }).notNull(),
    /** Percent: whole percent 1–100. Amount: cents off the eligible lines. */
    value: integer('value').notNull(),
    minSubtotalCents: bigint('min_subtotal_cents', { mode: 'number' }).notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null: no limit. */
    maxUses: integer('max_uses'),
    /** Orders placed with it and not given back (an unpaid order that expires or is removed gives its use back). */
    uses: integer('uses').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Category slugs whose parts it takes money off; empty: every part. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('discount_codes_code_idx').on(sql`lower(${table.code})`),
    check(
      'discount_codes_value_range',
      sql`${table.value} > 0 and (${table.kind} <> 'percent' or ${table.value} <= 100)`,
    ),
    check(
      'discount_codes_uses_within_max',
      sql`${table.maxUses} is null or ${table.uses} <= ${table.maxUses}`,
    ),
  ],
);

/** Who used a code on which order (the once-per-customer rule; given back with the use). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountCodeId: uuid('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'restrict' }),
    /** The buyer's email, lower-cased: one use per customer holds for guests too. */
    email: text('email').notNull(),
    ...timestamps,
  },
  (table) => [index('discount_redemptions_code_email_idx').on(table.discountCodeId, table.email)],
);

/** The code applied to a cart (checked again when the order is placed); one per cart. */
export const cartDiscounts = pgTable(
  'cart_discounts',
  {
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestCartId: uuid('guest_cart_id')
      .unique()
      .references(() => guestCarts.id, { onDelete: 'cascade' }),
    discountCodeId: uuid('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [
    check('cart_discounts_one_owner', sql`(${table.userId} is null) <> (${table.guestCartId} is null)`),
  ],
);

/* Orders and payments. */

// The moves between the statuses are declared in modules/orders/state-machine.ts.
export type { OrderStatus };

/**
 * A snapshot of where an order goes, taken when it is placed. Orders placed before the address book
 * have no region, postal code or country.
 */
export interface ShippingAddress {
  name: string;
  address: string;
  location: string;
  phone: string;
  region?: string;
  postalCode?: string;
  country?: string;
}

const money = (name: string) => bigint(name, { mode: 'number' });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people call the order: RTP-100001, RTP-100002… (from the order_number sequence). */
    number: text('number').notNull().unique().default(sql`'RTP-' || nextval('order_number')`),
    /** Null once the account was removed; the order stays for the books, with the buyer's snapshot. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    buyerEmail: text('buyer_email').notNull(),
    buyerName: text('buyer_name').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    /** The lines at their unit prices. */
    subtotalCents: money('subtotal_cents').notNull(),
    discountCents: money('discount_cents').notNull().default(0),
    shippingCents: money('shipping_cents').notNull().default(0),
    taxCents: money('tax_cents').notNull().default(0),
    /** True when the prices (and so the subtotal) already held the tax: `taxCents` is then a part of them. */
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    /** What the buyer pays: subtotal − discount + shipping (+ tax unless the prices held it). */
    totalCents: money('total_cents').notNull(),
    /** The shipping method as it was named when the order was placed; null for orders from before. */
    shippingMethodId: uuid('shipping_method_id').references(() => shippingMethods.id, {
      onDelete: 'set null',
    }),
    shippingMethodName: text('shipping_method_name'),
    /** The discount code used, as the shop spells it. */
    discountCode: text('discount_code'),
    /** The tax rate applied, in thousandths of a percent (7.25 % is 7250). */
    taxRateMilli: integer('tax_rate_milli').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    /** Changed only through the state machine (modules/orders/state-machine.ts). */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('unpaid'),
    /** Until when an unpaid order holds its stock. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The provider's payment intent for this order, once one was created. */
    paymentIntentId: text('payment_intent_id'),
    /** The provider's payment (Stripe PaymentIntent id) once it succeeded. */
    transactionId: text('transaction_id').unique(),
    trackingNumber: text('tracking_number'),
    idempotencyKey: text('idempotency_key'),
    /**
     * A visitor's order (guest checkout): the hash of its private link's token (orders/order-link.ts),
     * which shows and pays the order to whoever holds the link. Null for orders placed signed in.
     */
    accessTokenHash: text('access_token_hash').unique(),
    /** The client address a visitor's order came from: visitors' unpaid orders are capped per address. */
    guestClient: text('guest_client'),
    /** What the request that used the key asked for, so the same key with another body is refused. */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** When money last went back (a partial refund, or the refund that made it whole). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * Money given back (or being given back: reserved before the provider is asked), never more than the
     * total; and whether the shipping was. Written only by orders/refund.ts.
     */
    refundedCents: money('refunded_cents').notNull().default(0),
    shippingRefunded: boolean('shipping_refunded').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check('orders_total_not_negative', sql`${table.totalCents} >= 0`),
    check(
      'orders_total_adds_up',
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.shippingCents} + case when ${table.pricesIncludeTax} then 0 else ${table.taxCents} end`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${table.discountCents} >= 0 and ${table.shippingCents} >= 0 and ${table.taxCents} >= 0 and ${table.discountCents} <= ${table.subtotalCents}`,
    ),
    check(
      'orders_status_known',
      sql`${table.status} in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired', 'partially_refunded', 'refunded')`,
    ),
    check(
      'orders_paid_has_transaction',
      sql`${table.status} not in ('paid', 'shipped', 'delivered', 'partially_refunded', 'refunded') or ${table.transactionId} is not null`,
    ),
    check(
      'orders_refunded_within_total',
      sql`${table.refundedCents} >= 0 and ${table.refundedCents} <= ${table.totalCents}`,
    ),
    index('orders_user_id_idx').on(table.userId, table.createdAt),
    index('orders_status_idx').on(table.status, table.createdAt),
    index('orders_unpaid_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'unpaid'`),
    index('orders_buyer_email_idx').on(table.buyerEmail),
    uniqueIndex('orders_user_idempotency_key_idx').on(table.userId, table.idempotencyKey),
    // A visitor's retries are theirs by the email they gave (a visitor has no account to scope by).
    uniqueIndex('orders_guest_idempotency_key_idx')
      .on(table.buyerEmail, table.idempotencyKey)
      .where(sql`${table.accessTokenHash} is not null`),
    index('orders_guest_unpaid_idx')
      .on(table.guestClient)
      .where(sql`${table.status} = 'unpaid' and ${table.guestClient} is not null`),
  ],
);

/** The parts of an order: a snapshot of each part's name and unit price when it was ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    partName: text('part_name').notNull(),
    unitPriceCents: money('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: money('line_total_cents').notNull(),
    /** This line's share of the order's discount and of its tax (what a refund of the line gives back). */
    discountCents: money('discount_cents').notNull().default(0),
    taxCents: money('tax_cents').notNull().default(0),
    /** The laptop the buyer had chosen when the part went into the order, as it was named then. */
    forLaptopSlug: text('for_laptop_slug'),
    forLaptopName: text('for_laptop_name'),
    /** Units refunded (or being refunded) so far: never more than the quantity. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (table) => [
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'order_lines_refunded_within_quantity',
      sql`${table.refundedQuantity} >= 0 and ${table.refundedQuantity} <= ${table.quantity}`,
    ),
    check(
      'order_lines_total_matches',
      sql`${table.lineTotalCents} = ${table.unitPriceCents} * ${table.quantity}`,
    ),
    uniqueIndex('order_lines_order_part_idx').on(table.orderId, table.partId),
    index('order_lines_part_idx').on(table.partId),
  ],
);

/** An order's timeline: one row per state change, written by the same transaction as the change. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** Who made the change: customer, admin, payment (the provider) or system (expiry). */
    actor: text('actor').notNull(),
    actorId: text('actor_id'),
    note: text('note'),
    /** A return's move (the order's status is unchanged): the return and the state it entered. */
    returnId: uuid('return_id'),
    returnStatus: text('return_status', { enum: RETURN_STATUSES }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);

/** One unit count of one line in a refund, with the cents it gave back (shared/refunds.ts). */
export interface RefundedLine {
  lineId: string;
  quantity: number;
  cents: number;
  restock: boolean;
}

export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

/**
 * Money given back for an order, one row per refund (orders/refund.ts, docs/decisions/035): written
 * `pending` with its amount reserved on the order and its lines before the provider is asked, then
 * `succeeded` (with the provider's id) or `failed` (the reservation released). Its id is the provider's
 * idempotency key, so asking again for a pending refund never gives the money back twice.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    state: text('state', { enum: REFUND_STATES }).notNull().default('pending'),
    amountCents: money('amount_cents').notNull(),
    lines: jsonb('lines').$type<RefundedLine[]>().notNull(),
    /** Whether it refunds the shipping, and what that gave back (its price and tax; 0 if it was free). */
    shipping: boolean('shipping').notNull().default(false),
    shippingCents: money('shipping_cents').notNull().default(0),
    reason: text('reason'),
    /** Who asked: an admin (null id for the shop itself), kept for the audit log when it settles. */
    actorId: text('actor_id'),
    actorEmail: text('actor_email').notNull(),
    providerRefundId: text('provider_refund_id'),
    /** Why it failed: the provider's words. */
    failure: text('failure'),
    /**
     * It failed because the provider could not be reached, so it may have gone through there: the same
     * refund asked again takes this row (and its idempotency key) back instead of making a new one —
     * once, since Stripe answers a key whose first try failed on its side with that failure for a day.
     */
    retryable: boolean('retryable').notNull().default(false),
    /** How many times the provider was asked with this row's key (at most twice from a request). */
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamps.createdAt,
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check('refunds_amount_not_negative', sql`${table.amountCents} >= 0 and ${table.shippingCents} >= 0`),
    check('refunds_state_known', sql`${table.state} in ('pending', 'succeeded', 'failed')`),
    index('refunds_order_idx').on(table.orderId, table.createdAt),
    index('refunds_pending_idx').on(table.createdAt).where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * A buyer's request to send back units of a delivered order's lines (modules/returns, decision 037).
 * Its status changes only through the return's declared table (returns/return-machine.ts).
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What people call it: RET-100001… (from the return_number sequence). */
    number: text('number').notNull().unique().default(sql`'RET-' || nextval('return_number')`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    rejectReason: text('reject_reason'),
    /** Who asked: the account, or null for a visitor's order (by its link). */
    requestedBy: text('requested_by'),
    /**
     * Set while its refund is being made (claimed once: two admins never refund it twice), with
     * `refundId`, in the transaction that reserves that refund; cleared with both when it is released
     * (orders/refund.ts, returns/return-machine.ts `claimReturnRefund`).
     */
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    /** The refund that holds the claim, then the one that refunded it. */
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check(
      'returns_status_known',
      sql`${table.status} in ('requested', 'approved', 'rejected', 'received', 'refunded')`,
    ),
    check(
      'returns_reason_known',
      sql`${table.reason} in ('doesnt_fit', 'defective', 'not_as_described', 'changed_mind', 'other')`,
    ),
    index('returns_order_idx').on(table.orderId, table.createdAt),
    index('returns_status_idx').on(table.status, table.createdAt),
    index('returns_reason_idx').on(table.reason, table.createdAt),
  ],
);

/** The units of one order line a return sends back, with the laptop the line was bought for. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Set when the return is received: whether these units went back in stock. */
    restock: boolean('restock'),
    /** The order line's laptop (`forLaptop`), kept so a part's "Reported not fitting" can count it. */
    forLaptopSlug: text('for_laptop_slug'),
    forLaptopName: text('for_laptop_name'),
  },
  (table) => [
    check('return_lines_quantity_positive', sql`${table.quantity} > 0`),
    uniqueIndex('return_lines_return_line_idx').on(table.returnId, table.orderLineId),
    index('return_lines_order_line_idx').on(table.orderLineId),
    index('return_lines_part_idx').on(table.partId),
  ],
);

/**
 * A visitor's cart, before they sign in: known by a long random token in a cookie (only its hash is
 * kept). Its lines move into the account's cart when the visitor signs in (cart/owner.ts).
 */
export const guestCarts = pgTable('guest_carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  ...timestamps,
});

/**
 * A cart's lines, kept on the server so a customer's cart follows them across devices; prices are always
 * current. Each line belongs to a customer or to a visitor's cart, never both.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestCartId: uuid('guest_cart_id').references(() => guestCarts.id, { onDelete: 'cascade' }),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The laptop the buyer had chosen when adding the part: the order line keeps it. */
    forLaptopModelId: uuid('for_laptop_model_id').references(() => laptopModels.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('cart_items_user_part_idx').on(table.userId, table.partId),
    uniqueIndex('cart_items_guest_part_idx').on(table.guestCartId, table.partId),
    check('cart_items_one_owner', sql`(${table.userId} is null) <> (${table.guestCartId} is null)`),
    check('cart_items_quantity_positive', sql`${table.quantity} > 0`),
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
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] })
    .notNull()
    .default('requires_payment_method'),
  lastError: text('last_error'),
  ...timestamps,
});

/** The sandbox provider's refunds, as Stripe keeps them: each once per idempotency key. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => sandboxPayments.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  reason: text('reason'),
  createdAt: timestamps.createdAt,
});

/** Provider events already handled (webhooks are delivered at least once). */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * Background work kept in the database (order mails): claimed with FOR UPDATE SKIP LOCKED by any
 * instance, retried with backoff, each enqueued once per event (`dedupe_key`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The event it is for, e.g. `mail:order-paid:<order id>`: enqueuing the same event again does nothing. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** While a worker holds it; a worker that died lets it go when this passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt).where(sql`${table.doneAt} is null and ${table.failedAt} is null`),
  ],
);

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

/**
 * The text of the shop's pages of text (About us, Returns & warranty…, src/shared/site-pages.ts), as the
 * owner wrote it in the dashboard. A page without a row shows the shop's default text.
 */
export const sitePages = pgTable(
  'site_pages',
  {
    slug: text('slug').primaryKey(),
    body: text('body').notNull(),
    /** Who saved it last (an admin's email; `system` for the demo seed). */
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (table) => [check('site_pages_body_length', sql`char_length(${table.body}) between 1 and 20000`)],
);

/* How rows relate, for Drizzle's relational queries (an order with its lines and timeline). */

export const ordersRelations = relations(orders, ({ many }) => ({
  lines: many(orderLines),
  events: many(orderEvents),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
}));

export const orderEventsRelations = relations(orderEvents, ({ one }) => ({
  order: one(orders, { fields: [orderEvents.orderId], references: [orders.id] }),
}));
