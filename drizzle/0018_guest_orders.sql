ALTER TABLE "orders" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_client" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_guest_idempotency_key_idx" ON "orders" USING btree ("buyer_email","idempotency_key") WHERE "orders"."access_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "orders_guest_unpaid_idx" ON "orders" USING btree ("guest_client") WHERE "orders"."status" = 'unpaid' and "orders"."guest_client" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_access_token_hash_unique" UNIQUE("access_token_hash");