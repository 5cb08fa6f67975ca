-- Each listing order's index also holds the order's tie-breaker (id) and the other columns a page is
-- sorted and paged by: a page is then chosen from the index alone, however deep, where the sort column
-- alone made every page read and sort all the rows before it from the table.
DROP INDEX "parts_active_newest_idx";--> statement-breakpoint
DROP INDEX "parts_active_price_idx";--> statement-breakpoint
DROP INDEX "parts_active_name_idx";--> statement-breakpoint
DROP INDEX "parts_all_newest_idx";--> statement-breakpoint
DROP INDEX "parts_all_price_idx";--> statement-breakpoint
DROP INDEX "parts_all_name_idx";--> statement-breakpoint
CREATE INDEX "parts_active_newest_idx" ON "parts" USING btree ("category_id","created_at","id","price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_active_price_idx" ON "parts" USING btree ("category_id","price_cents","id","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_active_name_idx" ON "parts" USING btree ("category_id","name","id","price_cents","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_newest_idx" ON "parts" USING btree ("created_at","id","price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_price_idx" ON "parts" USING btree ("price_cents","id","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_name_idx" ON "parts" USING btree ("name","id","price_cents","created_at") WHERE "parts"."archived_at" is null;
