-- A part's search document holds a word of its category's own (category_word(): "category" and the
-- category's id), so that a search within a category is one full-text query: the search's words AND the
-- category's word. The full-text index then finds the category's matches by itself, stepping through
-- the category's long list of parts only to the few that match the search's rarest word; before, the
-- plan read every part of the category from its own index (16,667 of the benchmark catalogue's 100,000)
-- to AND with the search's matches. The word is in no text, so it matches nothing else; a part that
-- changes category has its document made again (parts_search_refresh), with the new category's word.
CREATE FUNCTION category_word(id uuid) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT 'category' || replace(id::text, '-', '')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION part_own_document(p parts) RETURNS tsvector LANGUAGE sql STABLE AS $$
	SELECT setweight(to_tsvector('english', search_canonical(p.name)), 'A')
		|| setweight(to_tsvector('simple', array_to_string(p.part_numbers || part_number_keys(p.part_numbers), ' ')), 'A')
		|| setweight(coalesce((SELECT c."name_vector" FROM "categories" c WHERE c."id" = p.category_id), ''), 'B')
		|| setweight(to_tsvector('english', search_canonical(p.description)), 'C')
		|| array_to_tsvector(ARRAY[category_word(p.category_id)])
$$;--> statement-breakpoint
-- The word has no position, so adding it after the laptops' words makes the document part_document makes.
UPDATE "parts" SET "search_vector" = "search_vector" || array_to_tsvector(ARRAY[category_word("category_id")]);
