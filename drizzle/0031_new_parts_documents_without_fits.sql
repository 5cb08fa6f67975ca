-- A part being inserted has no fits: a fit names its part through part_fits' foreign key, so none can
-- name an id before the part's row is there, and a part's removal takes its fits with it. Its search
-- document is its own words only, made without looking up fits that cannot be there (on the embedded
-- database, a fifth of what `npm run import:parts` spends on each part's document). An update still
-- makes the whole document. part_document's words, weights and order are those of
-- 0027_search_documents_cost_less.sql: its own words first, then the laptops it fits.
CREATE FUNCTION part_own_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', search_canonical(p.name)), 'A')
		|| setweight(to_tsvector('simple', array_to_string(p.part_numbers || part_number_keys(p.part_numbers), ' ')), 'A')
		|| setweight(coalesce((SELECT c."name_vector" FROM "categories" c WHERE c."id" = p.category_id), ''), 'B')
		|| setweight(to_tsvector('english', search_canonical(p.description)), 'C')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT part_own_document(p)
		|| setweight(to_tsvector('english', search_canonical((
			SELECT string_agg(laptop_model_words(m), ' ')
			FROM "part_fits" f JOIN "laptop_models" m ON m."id" = f."model_id"
			WHERE f."part_id" = p.id))), 'D')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION parts_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		NEW.search_vector := part_own_document(NEW);
	ELSE
		NEW.search_vector := part_document(NEW);
	END IF;
	RETURN NEW;
END $$;