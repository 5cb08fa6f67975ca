-- Orders of several lines with a shipping address, one state machine, stock held for a limited time,
-- and the server-side cart. Every existing order becomes a one-line order, without loss.
CREATE SEQUENCE "order_number" START WITH 100001;--> statement-breakpoint
CREATE TABLE "cart_items" (
	"user_id" text NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_items_quantity_positive" CHECK ("cart_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"part_id" uuid NOT NULL,
	"part_name" text NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_matches" CHECK ("order_lines"."line_total_cents" = "order_lines"."unit_price_cents" * "order_lines"."quantity")
);
--> statement-breakpoint
-- Existing orders: their part becomes their one line, and their history their timeline.
INSERT INTO "order_lines" ("order_id", "position", "part_id", "part_name", "unit_price_cents", "quantity", "line_total_cents")
	SELECT "id", 1, "part_id", "part_name", "unit_price_cents", "quantity", "total_cents" FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "from_status", "to_status", "actor", "created_at")
	SELECT "id", NULL, 'unpaid', 'customer', "created_at" FROM "orders"
	UNION ALL SELECT "id", 'unpaid', 'paid', 'payment', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL
	UNION ALL SELECT "id", 'paid', 'shipped', 'admin', "shipped_at" FROM "orders" WHERE "shipped_at" IS NOT NULL
	UNION ALL SELECT "id", 'unpaid', 'cancelled', 'customer', "cancelled_at" FROM "orders" WHERE "cancelled_at" IS NOT NULL;--> statement-breakpoint
-- Numbers in the order the orders were placed.
ALTER TABLE "orders" ADD COLUMN "number" text;--> statement-breakpoint
UPDATE "orders" SET "number" = 'RTP-' || numbered.n FROM (
	SELECT "id", 100000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered
	WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_number', greatest(100001, (SELECT count(*) + 100001 FROM "orders")), false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT 'RTP-' || nextval('order_number');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
-- Orders placed before addresses were asked for ship to the buyer's profile, if there is one.
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
UPDATE "orders" SET "shipping_address" = jsonb_build_object(
	'name', coalesce(nullif(p."name", ''), "orders"."buyer_name"),
	'address', coalesce(p."address", ''),
	'location', coalesce(p."location", ''),
	'phone', coalesce(p."phone", ''))
	FROM "orders" o LEFT JOIN "profiles" p ON p."user_id" = o."user_id"
	WHERE "orders"."id" = o."id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_positive";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_matches";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_transaction";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_part_id_parts_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
-- Unpaid orders used to hold their stock for ever: from now on they hold it for a while, then expire.
UPDATE "orders" SET "expires_at" = now() + interval '30 minutes' WHERE "status" = 'unpaid';--> statement-breakpoint
UPDATE "orders" SET "payment_intent_id" = "transaction_id" WHERE "transaction_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_part_idx" ON "order_lines" USING btree ("order_id","part_id");--> statement-breakpoint
CREATE INDEX "order_lines_part_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email");--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'expired', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_transaction" CHECK ("orders"."status" not in ('paid', 'shipped', 'delivered', 'refunded') or "orders"."transaction_id" is not null);--> statement-breakpoint
-- The sandbox provider keeps refunds as Stripe does.
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_payment_id_sandbox_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sandbox_payments"("id") ON DELETE cascade ON UPDATE no action;