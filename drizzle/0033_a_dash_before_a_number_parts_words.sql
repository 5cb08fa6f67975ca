-- A dash between a word with a letter and a number parts the two, as a space does: "A515-54" is
-- "a515 54", "DDR5-5600" is "ddr5 5600". The text search parser read "-54" as a signed number, a word of
-- its own that no search could name: a search splits what was typed at every dash, so "a515-54" looked
-- for "54", and no laptop model with a dash in its number was found, nor any part that fits one.
-- A number of digits alone keeps its dash ("348805-001"): a maker number, which a search finds by its
-- keys, and whose "001" would otherwise be a word of most HP parts that the search's unfinished last
-- word ("001:*") reads whole. The other rewrites, their order and their guards are those of
-- 0027_search_documents_cost_less.sql.
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
	IF strpos(t, '-') > 0 THEN t := regexp_replace(t, '([a-z][a-z0-9]*)-(?=[0-9]+([^a-z0-9]|$))', '\1 ', 'g'); END IF;
	RETURN regexp_replace(t, '(\d)\s+(tb|gb|mb|wh|w|mah|v|mhz|hz|mts)\M', '\1\2', 'g');
END $$;--> statement-breakpoint
-- The stored words made again wherever a dash comes between a letter or digit and a digit (a few
-- more than the rewrite changes), by the triggers that make them: categories (and their parts), laptop
-- models, then the parts whose own words or whose laptops' words have one. A model's brand is set to
-- itself: that remakes its words without remaking its parts' twice.
UPDATE "categories" SET "name" = "name" WHERE ("name" || ' ' || "slug") ~ '[[:alnum:]]-[0-9]';--> statement-breakpoint
UPDATE "laptop_models" m SET "brand" = "brand"
	WHERE (laptop_model_words(m) || ' ' || m."brand" || ' ' || m."series") ~ '[[:alnum:]]-[0-9]';--> statement-breakpoint
SELECT refresh_fitted_parts(ARRAY(
	SELECT p."id" FROM "parts" p WHERE (p."name" || ' ' || p."description") ~ '[[:alnum:]]-[0-9]'
	UNION
	SELECT f."part_id" FROM "part_fits" f JOIN "laptop_models" m ON m."id" = f."model_id"
	WHERE laptop_model_words(m) ~ '[[:alnum:]]-[0-9]'));
