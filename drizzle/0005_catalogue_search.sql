-- Catalogue for a parts business: categories, and search kept by the database itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
-- The departments of a laptop-parts shop; admins rename, add and remove them.
INSERT INTO "categories" ("slug", "name", "created_at") VALUES
	('batteries-power', 'Batteries & Power', now() - interval '6 seconds'),
	('storage-memory', 'Storage & Memory', now() - interval '5 seconds'),
	('screens', 'Screens & Displays', now() - interval '4 seconds'),
	('keyboards-input', 'Keyboards & Input', now() - interval '3 seconds'),
	('cooling', 'Cooling', now() - interval '2 seconds'),
	('other-parts', 'Other parts', now() - interval '1 second');--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "category_id" uuid;--> statement-breakpoint
-- Parts that existed before categories go where their name says, else to "Other parts".
UPDATE "parts" SET "category_id" = (SELECT "id" FROM "categories" WHERE "slug" = CASE
	WHEN "name" ~* '(battery|charger|adapter|power)' THEN 'batteries-power'
	WHEN "name" ~* '(ssd|hdd|nvme|dimm|ram|memory|drive)' THEN 'storage-memory'
	WHEN "name" ~* '(screen|display|panel|lcd|bezel)' THEN 'screens'
	WHEN "name" ~* '(keyboard|touchpad|trackpad|keycap)' THEN 'keyboards-input'
	WHEN "name" ~* '(fan|cooling|thermal|heat)' THEN 'cooling'
	ELSE 'other-parts' END);--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parts_active_newest_idx" ON "parts" USING btree ("category_id","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_active_price_idx" ON "parts" USING btree ("category_id","price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_active_name_idx" ON "parts" USING btree ("category_id","name") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_newest_idx" ON "parts" USING btree ("created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_price_idx" ON "parts" USING btree ("price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_all_name_idx" ON "parts" USING btree ("name") WHERE "parts"."archived_at" is null;--> statement-breakpoint
-- Search. Each part's document: its name (weight A), its category's name (B) and its description (C),
-- without accents and stemmed as English. A trigger keeps it, so rows written by any means (the admin
-- form, an import, plain SQL) are searchable at once.
ALTER TABLE "parts" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE FUNCTION part_search_document(part_name text, category_name text, description text) RETURNS tsvector
	LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', unaccent(part_name)), 'A')
		|| setweight(to_tsvector('english', unaccent(coalesce(category_name, ''))), 'B')
		|| setweight(to_tsvector('english', unaccent(description)), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION parts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := part_search_document(
		NEW.name, (SELECT "name" FROM "categories" WHERE "id" = NEW.category_id), NEW.description);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_search_refresh BEFORE INSERT OR UPDATE OF "name", "description", "category_id" ON "parts"
	FOR EACH ROW EXECUTE FUNCTION parts_search_refresh();--> statement-breakpoint
UPDATE "parts" SET "search_vector" = part_search_document(
	"name", (SELECT c."name" FROM "categories" c WHERE c."id" = "parts"."category_id"), "description");--> statement-breakpoint
CREATE INDEX "parts_search_vector_idx" ON "parts" USING gin ("search_vector");--> statement-breakpoint
-- A renamed category renames what its parts are found by.
CREATE FUNCTION categories_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "parts" SET "category_id" = "category_id" WHERE "category_id" = NEW.id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_refresh AFTER UPDATE OF "name" ON "categories"
	FOR EACH ROW EXECUTE FUNCTION categories_search_refresh();--> statement-breakpoint
-- The lexicon that forgives typos: every word of three or more letters (no digits) in names,
-- descriptions and category names. A misspelt search word is replaced by its most similar lexicon
-- word (trigram similarity) before the full-text search runs. Words are only added, never removed: a
-- word no longer in the catalogue only ever corrects to a search that finds nothing.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION search_words_of(content text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
	SELECT DISTINCT word FROM regexp_split_to_table(lower(unaccent(content)), '[^a-z0-9]+') AS word
	WHERE length(word) >= 3 AND word ~ '^[a-z]+$'
$$;--> statement-breakpoint
-- Inserts may be many at once (an import): one statement adds the words of all of them.
CREATE FUNCTION parts_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT DISTINCT w FROM changed, search_words_of(changed.name || ' ' || changed.description) AS w
		ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_search_words_insert AFTER INSERT ON "parts" REFERENCING NEW TABLE AS changed
	FOR EACH STATEMENT EXECUTE FUNCTION parts_search_words();--> statement-breakpoint
-- Renames are one row at a time (and stock changes, the common update, must not pay for this).
CREATE FUNCTION part_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT search_words_of(NEW.name || ' ' || NEW.description) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parts_search_words_update AFTER UPDATE OF "name", "description" ON "parts"
	FOR EACH ROW EXECUTE FUNCTION part_search_words();--> statement-breakpoint
CREATE FUNCTION categories_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" SELECT search_words_of(NEW.name) ON CONFLICT DO NOTHING;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_words AFTER INSERT OR UPDATE OF "name" ON "categories"
	FOR EACH ROW EXECUTE FUNCTION categories_search_words();--> statement-breakpoint
INSERT INTO "search_words" SELECT search_words_of("name") FROM "categories" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "search_words" SELECT DISTINCT search_words_of("name" || ' ' || "description") FROM "parts" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What a shopper typed, as a full-text query: words split on anything but letters and digits, accents
-- and case folded; a word of four or more letters that is not in the lexicon becomes its most similar
-- lexicon word (a typo: "batery" → "battery"); every word must match; the last one may be unfinished
-- (search as you type). NULL when nothing searchable is left.
CREATE FUNCTION search_query(search text) RETURNS tsquery LANGUAGE sql STABLE AS $$
	WITH terms AS (
		SELECT t.word, t.ord, max(t.ord) OVER () AS last
		FROM regexp_split_to_table(lower(unaccent(search)), '[^a-z0-9]+') WITH ORDINALITY AS t(word, ord)
		WHERE t.word <> ''
	), corrected AS (
		SELECT ord, last, CASE
			WHEN word ~ '[0-9]' OR length(word) < 4 OR EXISTS (SELECT 1 FROM search_words w WHERE w.word = terms.word)
				THEN word
			ELSE coalesce((
				SELECT w.word FROM search_words w
				WHERE w.word % terms.word AND similarity(w.word, terms.word) >= 0.4
				ORDER BY w.word <-> terms.word, w.word LIMIT 1), word)
		END AS word
		FROM terms
	)
	SELECT to_tsquery('english', string_agg(word || CASE WHEN ord = last THEN ':*' ELSE '' END, ' & ' ORDER BY ord))
	FROM corrected
$$;--> statement-breakpoint
-- Categories changing are catalogue changes too (names and counts are cached by every instance).
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE ON "categories"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
