-- Reviews of parts by their buyers, and "Notify me when it's back" (issue 27; decision 034).
CREATE TABLE "part_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"for_laptop_slug" text,
	"for_laptop_name" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_reviews_rating_range" CHECK ("part_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_alerts_end_reason_known" CHECK ("stock_alerts"."end_reason" is null or "stock_alerts"."end_reason" in ('notified', 'unsubscribed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "part_reviews" ADD CONSTRAINT "part_reviews_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_reviews" ADD CONSTRAINT "part_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "part_reviews_part_user_idx" ON "part_reviews" USING btree ("part_id","user_id");--> statement-breakpoint
CREATE INDEX "part_reviews_shown_idx" ON "part_reviews" USING btree ("part_id","created_at") WHERE "part_reviews"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "part_reviews_user_idx" ON "part_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("part_id","email") WHERE "stock_alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_subscribed_idx" ON "stock_alerts" USING btree ("part_id") WHERE "stock_alerts"."confirmed_at" is not null and "stock_alerts"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email") WHERE "stock_alerts"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_rating_counts" CHECK ("parts"."rating_count" >= 0 and "parts"."rating_sum" between "parts"."rating_count" and 5 * "parts"."rating_count");--> statement-breakpoint
-- A part's rating follows its shown reviews in the review's own transaction: one conditional update of
-- the part's row per review written, hidden, restored or removed (an account's removal included). That
-- update is a change of the part, so the part's own trigger (migration 0016) announces 'parts:<id>' and
-- every instance's catalogue cache drops that part's answers and the lists. A change of text alone, or
-- of a hidden review, leaves the part alone.
CREATE FUNCTION part_reviews_rating() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	was_shown boolean := TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL;
	is_shown boolean := TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL;
	count_change integer := 0;
	sum_change integer := 0;
BEGIN
	IF was_shown THEN
		count_change := count_change - 1;
		sum_change := sum_change - OLD.rating;
	END IF;
	IF is_shown THEN
		count_change := count_change + 1;
		sum_change := sum_change + NEW.rating;
	END IF;
	IF count_change <> 0 OR sum_change <> 0 THEN
		UPDATE "parts" SET "rating_count" = "rating_count" + count_change, "rating_sum" = "rating_sum" + sum_change
		WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.part_id ELSE NEW.part_id END;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER part_reviews_rating AFTER INSERT OR DELETE OR UPDATE OF "rating", "hidden_at" ON "part_reviews"
	FOR EACH ROW EXECUTE FUNCTION part_reviews_rating();--> statement-breakpoint
-- Back in stock: every way stock comes back (an admin's edit, an order expired, removed or refunded with
-- its parts returned, a return received, plain SQL) is an update of the part's row, so one trigger sees
-- them all. A part that could not be bought (less than its minimum order in stock, or hidden) and now
-- can queues one job, when someone is waiting for it; the job (stock-alerts/back-in-stock.ts) ends
-- the waiting alerts and queues one mail for each. One job per transaction and part at most.
CREATE FUNCTION parts_back_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "jobs" ("kind", "payload", "dedupe_key")
	SELECT 'back-in-stock', jsonb_build_object('partId', NEW.id), 'back-in-stock:' || NEW.id || ':' || txid_current()
	WHERE EXISTS (SELECT 1 FROM "stock_alerts" WHERE "part_id" = NEW.id AND "confirmed_at" IS NOT NULL AND "ended_at" IS NULL)
	ON CONFLICT ("dedupe_key") DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_back_in_stock AFTER UPDATE OF "available_quantity", "min_quantity", "archived_at" ON "parts"
	FOR EACH ROW
	WHEN (NEW.archived_at IS NULL AND NEW.available_quantity >= NEW.min_quantity
		AND (OLD.available_quantity < OLD.min_quantity OR OLD.archived_at IS NOT NULL))
	EXECUTE FUNCTION parts_back_in_stock();
