CREATE TABLE "guest_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guest_carts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_id_part_id_pk";--> statement-breakpoint
ALTER TABLE "cart_discounts" DROP CONSTRAINT "cart_discounts_pkey";--> statement-breakpoint
ALTER TABLE "cart_discounts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD COLUMN "guest_cart_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "guest_cart_id" uuid;--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_guest_cart_id_guest_carts_id_fk" FOREIGN KEY ("guest_cart_id") REFERENCES "public"."guest_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_part_idx" ON "cart_items" USING btree ("user_id","part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_guest_part_idx" ON "cart_items" USING btree ("guest_cart_id","part_id");--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_user_id_unique" UNIQUE("user_id");--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_guest_cart_id_unique" UNIQUE("guest_cart_id");--> statement-breakpoint
ALTER TABLE "cart_discounts" ADD CONSTRAINT "cart_discounts_one_owner" CHECK (("cart_discounts"."user_id" is null) <> ("cart_discounts"."guest_cart_id" is null));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_one_owner" CHECK (("cart_items"."user_id" is null) <> ("cart_items"."guest_cart_id" is null));