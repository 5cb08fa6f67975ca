CREATE TABLE "laptop_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"brand" text NOT NULL,
	"series" text NOT NULL,
	"name" text NOT NULL,
	"years" text DEFAULT '' NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laptop_models_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "part_fits" (
	"part_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"note" text,
	CONSTRAINT "part_fits_part_id_model_id_pk" PRIMARY KEY("part_id","model_id")
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "for_laptop_model_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "for_laptop_slug" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "for_laptop_name" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "condition" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "warranty_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "laptop_model_id" uuid;--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_fits" ADD CONSTRAINT "part_fits_model_id_laptop_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."laptop_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "laptop_models_brand_name_idx" ON "laptop_models" USING btree ("brand","name");--> statement-breakpoint
CREATE UNIQUE INDEX "laptop_models_name_key" ON "laptop_models" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "part_fits_model_part_idx" ON "part_fits" USING btree ("model_id","part_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_for_laptop_model_id_laptop_models_id_fk" FOREIGN KEY ("for_laptop_model_id") REFERENCES "public"."laptop_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_laptop_model_id_laptop_models_id_fk" FOREIGN KEY ("laptop_model_id") REFERENCES "public"."laptop_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_specs_idx" ON "parts" USING gin ("specs" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_condition_known" CHECK ("parts"."condition" in ('new', 'refurbished', 'used'));--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_warranty_months_range" CHECK ("parts"."warranty_months" between 0 and 60);--> statement-breakpoint
-- Part numbers are compared by their key: letters and digits, upper-cased (src/shared/part-numbers.ts).
CREATE FUNCTION part_number_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT regexp_replace(upper(value), '[^A-Z0-9]', '', 'g')
$$;--> statement-breakpoint
CREATE FUNCTION part_number_keys(numbers text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT part_number_key(n)) FILTER (WHERE part_number_key(n) <> ''), '{}')
	FROM unnest(numbers) AS n
$$;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "part_number_keys" text[] GENERATED ALWAYS AS (part_number_keys("part_numbers")) STORED;--> statement-breakpoint
CREATE INDEX "parts_part_number_keys_idx" ON "parts" USING gin ("part_number_keys");--> statement-breakpoint
-- What a model is found by: its whole name and aliases (A), its brand and series (B).
ALTER TABLE "laptop_models" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE FUNCTION laptop_model_words(m laptop_models) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT m.name || ' ' || array_to_string(m.aliases, ' ')
$$;--> statement-breakpoint
CREATE FUNCTION laptop_models_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := setweight(to_tsvector('english', unaccent(laptop_model_words(NEW))), 'A')
		|| setweight(to_tsvector('english', unaccent(NEW.brand || ' ' || NEW.series)), 'B');
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER laptop_models_search_refresh BEFORE INSERT OR UPDATE OF "name", "brand", "series", "aliases" ON "laptop_models"
	FOR EACH ROW EXECUTE FUNCTION laptop_models_search_refresh();--> statement-breakpoint
CREATE INDEX "laptop_models_search_vector_idx" ON "laptop_models" USING gin ("search_vector");--> statement-breakpoint
-- A part's document now also holds its part numbers (A, as typed and as keys) and the names and aliases
-- of the laptops it fits (D): "t480 battery" finds the batteries that fit the T480.
CREATE FUNCTION part_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', unaccent(p.name)), 'A')
		|| setweight(to_tsvector('simple', array_to_string(p.part_numbers || part_number_keys(p.part_numbers), ' ')), 'A')
		|| setweight(to_tsvector('english', unaccent(coalesce((SELECT c."name" FROM "categories" c WHERE c."id" = p.category_id), ''))), 'B')
		|| setweight(to_tsvector('english', unaccent(p.description)), 'C')
		|| setweight(to_tsvector('english', unaccent(coalesce((
			SELECT string_agg(laptop_model_words(m), ' ')
			FROM "part_fits" f JOIN "laptop_models" m ON m."id" = f."model_id"
			WHERE f."part_id" = p.id), ''))), 'D')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION parts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := part_document(NEW);
	RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER parts_search_refresh ON "parts";--> statement-breakpoint
CREATE TRIGGER parts_search_refresh BEFORE INSERT OR UPDATE OF "name", "description", "category_id", "part_numbers" ON "parts"
	FOR EACH ROW EXECUTE FUNCTION parts_search_refresh();--> statement-breakpoint
-- Fits written, changed or removed: the parts they name are found by their new laptops at once. An
-- import of many fits sets shop.defer_fit_search for its transaction and refreshes its parts once at the
-- end (refresh_fitted_parts), instead of once per statement.
CREATE FUNCTION refresh_fitted_parts(part_ids uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "parts" p SET "search_vector" = part_document(p) WHERE p."id" = ANY(part_ids)
$$;--> statement-breakpoint
CREATE FUNCTION part_fits_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(current_setting('shop.defer_fit_search', true), '') <> 'on' THEN
		PERFORM refresh_fitted_parts(ARRAY(SELECT DISTINCT part_id FROM changed));
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER part_fits_inserted AFTER INSERT ON "part_fits" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_search_refresh();--> statement-breakpoint
CREATE TRIGGER part_fits_deleted AFTER DELETE ON "part_fits" REFERENCING OLD TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_search_refresh();--> statement-breakpoint
CREATE TRIGGER part_fits_updated AFTER UPDATE ON "part_fits" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION part_fits_search_refresh();--> statement-breakpoint
-- A renamed model renames what the parts that fit it are found by.
CREATE FUNCTION laptop_models_parts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM refresh_fitted_parts(ARRAY(SELECT f.part_id FROM "part_fits" f WHERE f.model_id = NEW.id));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER laptop_models_parts_refresh AFTER UPDATE OF "name", "aliases" ON "laptop_models"
	FOR EACH ROW EXECUTE FUNCTION laptop_models_parts_refresh();--> statement-breakpoint
-- Model words forgive typos too ("thinkpd" → "thinkpad"); many models at once are one statement.
CREATE FUNCTION laptop_models_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT DISTINCT w FROM changed, search_words_of(laptop_model_words(changed) || ' ' || changed.brand || ' ' || changed.series) AS w
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER laptop_models_search_words_insert AFTER INSERT ON "laptop_models" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION laptop_models_search_words();--> statement-breakpoint
CREATE TRIGGER laptop_models_search_words_update AFTER UPDATE ON "laptop_models" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION laptop_models_search_words();--> statement-breakpoint
-- Models and fits are catalogue changes: every instance's cached pages go.
CREATE TRIGGER laptop_models_changed AFTER INSERT OR UPDATE OR DELETE ON "laptop_models"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
CREATE TRIGGER part_fits_changed AFTER INSERT OR UPDATE OR DELETE ON "part_fits"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();--> statement-breakpoint
UPDATE "parts" p SET "search_vector" = part_document(p);
