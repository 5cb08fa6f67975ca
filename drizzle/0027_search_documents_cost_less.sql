-- A part's search document and words cost less to write, for the same documents and words (an import
-- writes 100,000 of them; on the embedded database each part's document took about 300 µs).
-- Each trade-word rewrite runs only where its word can be: a regular expression costs microseconds even
-- where it finds nothing, and most texts hold none of these words. The rewrites, their order and what
-- they make are those of 0012_search_speaks_the_trade.sql; each strpos guard is a text every match of
-- its rewrite contains.
CREATE OR REPLACE FUNCTION search_canonical(content text) RETURNS text LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
	t text := lower(unaccent(coalesce(content, '')));
BEGIN
	IF strpos(t, 'm2') > 0 OR strpos(t, 'm.2') > 0 THEN t := regexp_replace(t, '\mm\.?2\M', 'm2', 'g'); END IF;
	IF strpos(t, '.') > 0 THEN t := regexp_replace(t, '(\d)\.(\d)', '\1p\2', 'g'); END IF;
	IF strpos(t, '"') > 0 OR strpos(t, '''') > 0 OR strpos(t, '”') > 0 OR strpos(t, '″') > 0 OR strpos(t, 'inch') > 0 THEN
		t := regexp_replace(t, '(\d)\s*("|''''|”|″|-?inch(es)?\M)', '\1', 'g');
	END IF;
	IF strpos(t, 'fi') > 0 THEN t := regexp_replace(t, '\mwi[\s-]?fi\M', 'wifi', 'g'); END IF;
	IF strpos(t, 'dimm') > 0 THEN t := regexp_replace(t, '\mso[\s-]?dimm\M', 'sodimm', 'g'); END IF;
	IF strpos(t, 'usb') > 0 OR strpos(t, 'type') > 0 THEN t := regexp_replace(t, '\m(usb|type)[\s-]?c\M', 'usbc', 'g'); END IF;
	IF strpos(t, 'mt/s') > 0 THEN t := regexp_replace(t, '\mmt/s\M', 'mts', 'g'); END IF;
	RETURN regexp_replace(t, '(\d)\s+(tb|gb|mb|wh|w|mah|v|mhz|hz|mts)\M', '\1\2', 'g');
END $$;--> statement-breakpoint
-- Part number keys without a query per part: plpgsql's plain expressions, in the order and without the
-- repeats that array_agg(DISTINCT …) gave (the stored keys stay as they are).
CREATE OR REPLACE FUNCTION part_number_keys(numbers text[]) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	keys text[] := '{}';
	key text;
	number text;
	at int;
BEGIN
	FOREACH number IN ARRAY coalesce(numbers, '{}') LOOP
		key := part_number_key(number);
		CONTINUE WHEN key IS NULL OR key = '' OR key = ANY(keys);
		at := 1;
		WHILE at <= cardinality(keys) AND keys[at] < key LOOP at := at + 1; END LOOP;
		keys := keys[1:at - 1] || key || keys[at:];
	END LOOP;
	RETURN keys;
END $$;--> statement-breakpoint
-- The split leaves only letters and digits: a word of letters is one with no digit, without a regular
-- expression per word.
CREATE OR REPLACE FUNCTION search_words_of(content text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
	SELECT DISTINCT word FROM regexp_split_to_table(search_canonical(content), '[^a-z0-9]+') AS word
	WHERE length(word) >= 3 AND translate(word, '0123456789', '') = word
$$;--> statement-breakpoint
-- A category's name as its parts' documents hold it, kept with the category instead of made again for
-- every part written.
ALTER TABLE "categories" ADD COLUMN "name_vector" tsvector;--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.search_vector := to_tsvector('english', search_canonical(NEW.name || ' ' || NEW.slug));
	NEW.name_vector := to_tsvector('english', search_canonical(NEW.name));
	RETURN NEW;
END $$;--> statement-breakpoint
UPDATE "categories" SET "name_vector" = to_tsvector('english', search_canonical("name"));--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', search_canonical(p.name)), 'A')
		|| setweight(to_tsvector('simple', array_to_string(p.part_numbers || part_number_keys(p.part_numbers), ' ')), 'A')
		|| setweight(coalesce((SELECT c."name_vector" FROM "categories" c WHERE c."id" = p.category_id), ''), 'B')
		|| setweight(to_tsvector('english', search_canonical(p.description)), 'C')
		|| setweight(to_tsvector('english', search_canonical((
			SELECT string_agg(laptop_model_words(m), ' ')
			FROM "part_fits" f JOIN "laptop_models" m ON m."id" = f."model_id"
			WHERE f."part_id" = p.id))), 'D')
$$;
