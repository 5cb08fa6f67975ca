-- Search that speaks the trade (docs/decisions/028-search-speaks-the-trade.md).
-- Trade words written one way: the same rewrite runs on every search document and on what a shopper
-- types, so that "M.2" and "m2", "15.6\"" and "15.6 inch", "Wi-Fi" and "wi fi", "1 TB" and "1TB",
-- "USB-C" and "type c", "SO-DIMM" and "sodimm" meet. A decimal keeps its point as the letter p (15.6 →
-- 15p6): the text-search parser would otherwise split it where the shopper's query is split.
CREATE FUNCTION search_canonical(content text) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
		regexp_replace(regexp_replace(lower(unaccent(coalesce(content, ''))),
		'\mm\.?2\M', 'm2', 'g'),
		'(\d)\.(\d)', '\1p\2', 'g'),
		'(\d)\s*("|''''|”|″|-?inch(es)?\M)', '\1', 'g'),
		'\mwi[\s-]?fi\M', 'wifi', 'g'),
		'\mso[\s-]?dimm\M', 'sodimm', 'g'),
		'\m(usb|type)[\s-]?c\M', 'usbc', 'g'),
		'\mmt/s\M', 'mts', 'g'),
		'(\d)\s+(tb|gb|mb|wh|w|mah|v|mhz|hz|mts)\M', '\1\2', 'g')
$$;--> statement-breakpoint
-- Words that mean the same to a parts buyer: a word typed from a group finds any of the group (a term
-- with a space is a phrase). The one table of synonyms; add a row to add one.
CREATE TABLE "search_synonyms" ("term" text PRIMARY KEY NOT NULL, "grp" integer NOT NULL);--> statement-breakpoint
INSERT INTO "search_synonyms" ("term", "grp") VALUES
	('ram', 1), ('memory', 1), ('sodimm', 1), ('dimm', 1),
	('wifi', 2), ('wireless', 2), ('wlan', 2),
	('ssd', 3), ('solid state', 3),
	('screen', 4), ('display', 4), ('panel', 4), ('lcd', 4),
	('charger', 5), ('adapter', 5), ('power supply', 5),
	('hdd', 6), ('hard drive', 6), ('hard disk', 6),
	('touchpad', 7), ('trackpad', 7),
	('fan', 8), ('cooler', 8),
	('fhd', 9), ('1080p', 9), ('1920x1080', 9),
	('qhd', 10), ('1440p', 10), ('2560x1440', 10),
	('uhd', 11), ('4k', 11), ('2160p', 11), ('3840x2160', 11),
	('notebook', 12), ('laptop', 12);--> statement-breakpoint
-- The lexicon (what a typo may mean) in the same spelling: "USB-C" gives the word usbc, not usb and c, so
-- that usbc, typed, is a word the shop knows rather than a typo of usb.
CREATE OR REPLACE FUNCTION search_words_of(content text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
	SELECT DISTINCT word FROM regexp_split_to_table(search_canonical(content), '[^a-z0-9]+') AS word
	WHERE length(word) >= 3 AND word ~ '^[a-z]+$'
$$;--> statement-breakpoint
INSERT INTO "search_words" SELECT search_words_of("name") FROM "categories" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "search_words" SELECT DISTINCT search_words_of("name" || ' ' || "description") FROM "parts" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "search_words" SELECT DISTINCT search_words_of(laptop_model_words(m) || ' ' || m."brand" || ' ' || m."series") FROM "laptop_models" m ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Synonyms are words a typo may mean too.
INSERT INTO "search_words" SELECT "term" FROM "search_synonyms" WHERE "term" ~ '^[a-z]{3,}$' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- What a shopper typed, as one full-text query per word (text for to_tsquery('english', …)): trade words
-- in their one spelling, stop words dropped, a word of four or more letters that is in neither the
-- lexicon nor the synonyms (nor, the last one, begins a lexicon word) becomes its most similar lexicon
-- word (a typo), a word of a synonym group
-- becomes the group, and the last word may be unfinished (search as you type). Searches AND the words
-- (search_query); when nothing has them all, the parts matching the most of them are shown instead.
CREATE FUNCTION search_groups(search text) RETURNS text[] LANGUAGE plpgsql STABLE AS $$
-- plpgsql, not SQL: its statements' plans are kept for the session, where a SQL function of this size
-- was planned again on every call (about 50 ms each on PostgreSQL).
DECLARE
	typed text[] := ARRAY(
		SELECT t.piece FROM regexp_split_to_table(search_canonical(search), '[^a-z0-9]+') AS t(piece)
		WHERE t.piece <> '' AND to_tsvector('english', t.piece) <> ''::tsvector);
	groups text[] := '{}';
	word_typed text;
	same text;
	n int := coalesce(array_length(typed, 1), 0);
BEGIN
	FOR i IN 1 .. n LOOP
		word_typed := typed[i];
		IF NOT (word_typed ~ '[0-9]' OR length(word_typed) < 4
			OR EXISTS (SELECT 1 FROM search_words w WHERE w.word = word_typed)
			OR EXISTS (SELECT 1 FROM search_synonyms s WHERE s.term = word_typed)
			-- The word being typed is no typo while some word starts with it ("cool" for "cooling").
			OR (i = n AND EXISTS (SELECT 1 FROM search_words w WHERE w.word LIKE word_typed || '%'))) THEN
			word_typed := coalesce((
				SELECT w.word FROM search_words w
				WHERE w.word % word_typed AND similarity(w.word, word_typed) >= 0.4
				ORDER BY w.word <-> word_typed, w.word LIMIT 1), word_typed);
		END IF;
		SELECT '(' || string_agg(replace(o.term, ' ', ' <-> '), ' | ' ORDER BY o.term) || ')' INTO same
		FROM search_synonyms s JOIN search_synonyms o ON o.grp = s.grp WHERE s.term = word_typed;
		groups := groups || coalesce(same, word_typed || CASE WHEN i = n THEN ':*' ELSE '' END);
	END LOOP;
	RETURN groups;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_query(search text) RETURNS tsquery LANGUAGE sql STABLE AS $$
	SELECT to_tsquery('english', string_agg('(' || g || ')', ' & ')) FROM unnest(search_groups(search)) AS g
$$;--> statement-breakpoint
-- Documents in the same spelling.
CREATE OR REPLACE FUNCTION part_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', search_canonical(p.name)), 'A')
		|| setweight(to_tsvector('simple', array_to_string(p.part_numbers || part_number_keys(p.part_numbers), ' ')), 'A')
		|| setweight(to_tsvector('english', search_canonical((SELECT c."name" FROM "categories" c WHERE c."id" = p.category_id))), 'B')
		|| setweight(to_tsvector('english', search_canonical(p.description)), 'C')
		|| setweight(to_tsvector('english', search_canonical((
			SELECT string_agg(laptop_model_words(m), ' ')
			FROM "part_fits" f JOIN "laptop_models" m ON m."id" = f."model_id"
			WHERE f."part_id" = p.id))), 'D')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION laptop_models_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := setweight(to_tsvector('english', search_canonical(laptop_model_words(NEW))), 'A')
		|| setweight(to_tsvector('english', search_canonical(NEW.brand || ' ' || NEW.series)), 'B');
	RETURN NEW;
END $$;--> statement-breakpoint
-- A category's words, for ranking the parts of the category a search names first ("xps 15 screen":
-- panels before bezels).
ALTER TABLE "categories" ADD COLUMN "search_vector" tsvector;--> statement-breakpoint
CREATE FUNCTION categories_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := to_tsvector('english', search_canonical(NEW.name || ' ' || NEW.slug));
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_vector_refresh BEFORE INSERT OR UPDATE OF "name", "slug" ON "categories"
	FOR EACH ROW EXECUTE FUNCTION categories_vector_refresh();--> statement-breakpoint
UPDATE "categories" SET "search_vector" = to_tsvector('english', search_canonical("name" || ' ' || "slug"));--> statement-breakpoint
UPDATE "laptop_models" SET "name" = "name";--> statement-breakpoint
UPDATE "parts" p SET "search_vector" = part_document(p);
