-- A laptop's page sorted, counted and paged its few hundred fitting parts by reading each of them in
-- parts_active_listing_idx (one index descent a part: on PGlite most of the page's time). Each fit now
-- carries a copy of what that page reads of its part (on sale, added, price), so the page is read from
-- part_fits_model_part_idx alone. The table is built anew with the copy rather than updated row by row:
-- on a shop with a million fits that is one pass and a sort per index instead of a million updates.
-- A shop with a million fits takes longer than a request may (statement_timeout): this transaction may.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
ALTER TABLE "part_fits" RENAME TO "part_fits_before_0028";--> statement-breakpoint
CREATE TABLE "part_fits" (
	"part_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"note" text,
	"part_on_sale" boolean DEFAULT null NOT NULL,
	"part_created_at" timestamp with time zone DEFAULT null NOT NULL,
	"part_price_cents" integer DEFAULT null NOT NULL
);--> statement-breakpoint
INSERT INTO "part_fits" ("part_id", "model_id", "note", "part_on_sale", "part_created_at", "part_price_cents")
	SELECT f."part_id", f."model_id", f."note", p."archived_at" IS NULL, p."created_at", p."price_cents"
	FROM "part_fits_before_0028" f JOIN "parts" p ON p."id" = f."part_id"
	ORDER BY f."part_id", f."model_id";--> statement-breakpoint
DROP TABLE "part_fits_before_0028";--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_part_id_model_id_pk" PRIMARY KEY("part_id","model_id");--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_model_id_laptop_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."laptop_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_fits_model_part_idx" ON "part_fits" USING btree ("model_id","part_id","part_on_sale","part_created_at","part_price_cents");--> statement-breakpoint
-- A new fit not given its copy (the fits editor, the demo data) copies its part. FOR SHARE: a change of
-- the part's price or sale in another transaction either comes first (and is what is copied) or waits
-- until this fit is written (and then changes it). `npm run import:fits` gives each fit its copy from
-- the parts it joins: this trigger with its lock, for each of a million rows, made that import about
-- 10 s slower on PostgreSQL (97 s against 87–89 s).
CREATE FUNCTION part_fits_copy_part() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT p."archived_at" IS NULL, p."created_at", p."price_cents"
		INTO NEW."part_on_sale", NEW."part_created_at", NEW."part_price_cents"
		FROM "parts" p WHERE p."id" = NEW."part_id" FOR SHARE;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER part_fits_copy_part BEFORE INSERT ON "part_fits" FOR EACH ROW
	WHEN (NEW."part_on_sale" IS NULL OR NEW."part_created_at" IS NULL OR NEW."part_price_cents" IS NULL)
	EXECUTE FUNCTION part_fits_copy_part();--> statement-breakpoint
-- A part's sale, price or date changed: its fits' copies change with it.
CREATE FUNCTION parts_copy_to_fits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "part_fits" SET "part_on_sale" = NEW."archived_at" IS NULL, "part_created_at" = NEW."created_at",
		"part_price_cents" = NEW."price_cents"
		WHERE "part_id" = NEW."id";
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_copy_to_fits AFTER UPDATE OF "archived_at", "created_at", "price_cents" ON "parts"
	FOR EACH ROW WHEN ((OLD."archived_at" IS NULL) IS DISTINCT FROM (NEW."archived_at" IS NULL)
		OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."price_cents" IS DISTINCT FROM NEW."price_cents")
	EXECUTE FUNCTION parts_copy_to_fits();--> statement-breakpoint
-- The triggers of 0011, on the new table. A fit's part and model are in its part's search document;
-- its note and the copy are not, so an update refreshes the parts whose pairs changed, and none when
-- only notes or copies did (before, every note the import changed rewrote its part's document).
CREATE TRIGGER part_fits_inserted AFTER INSERT ON "part_fits" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_search_refresh();--> statement-breakpoint
CREATE TRIGGER part_fits_deleted AFTER DELETE ON "part_fits" REFERENCING OLD TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_search_refresh();--> statement-breakpoint
CREATE FUNCTION part_fits_moved_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('shop.defer_fit_search', true), '') <> 'on' THEN
		PERFORM refresh_fitted_parts(ARRAY(
			SELECT part_id FROM ((SELECT part_id, model_id FROM changed EXCEPT SELECT part_id, model_id FROM before)
				UNION (SELECT part_id, model_id FROM before EXCEPT SELECT part_id, model_id FROM changed)) AS moved));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER part_fits_updated AFTER UPDATE ON "part_fits" REFERENCING OLD TABLE AS before NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_moved_refresh();--> statement-breakpoint
-- Fits are catalogue changes; a copy changed with its part is announced by the part's own update.
CREATE TRIGGER part_fits_changed AFTER INSERT OR DELETE OR UPDATE OF "part_id", "model_id", "note" ON "part_fits"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
ANALYZE "part_fits";
