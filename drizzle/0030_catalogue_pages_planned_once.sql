-- The ids of a page of the catalogue or of one category, in one of the shop's orders (the same orders
-- as `orderBy` in the catalogue service; docs/decisions/033-one-request-path.md, amended 2026-11-29).
-- A prepared statement with its limit and offset as parameters is planned again for each run: its
-- generic plan, costed for a tenth of the table, loses to the custom plan of each run, though it is the
-- same index-only scan. Here each order's statement keeps one plan for the session (a function's
-- statements are prepared once), and planning, which on the embedded database reads the size of every
-- index of parts from its file, is no longer paid per page. The parts on sale are those without
-- archived_at (src/server/modules/catalog/on-sale.ts), as in the orders' partial indexes.
CREATE FUNCTION "catalogue_page_ids"(category_slug text, sort text, page_limit integer, page_offset integer)
RETURNS SETOF uuid
LANGUAGE plpgsql STABLE ROWS 24
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  category uuid;
BEGIN
  IF category_slug IS NULL THEN
    CASE sort
      WHEN 'catalogue' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL
        ORDER BY created_at, id LIMIT page_limit OFFSET page_offset;
      WHEN 'newest' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT page_limit OFFSET page_offset;
      WHEN 'price' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL
        ORDER BY price_cents, id LIMIT page_limit OFFSET page_offset;
      WHEN '-price' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL
        ORDER BY price_cents DESC, id LIMIT page_limit OFFSET page_offset;
      WHEN 'name' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL
        ORDER BY name, id LIMIT page_limit OFFSET page_offset;
    END CASE;
  ELSE
    SELECT id INTO category FROM categories WHERE slug = category_slug;
    CASE sort
      WHEN 'catalogue' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL AND category_id = category
        ORDER BY created_at, id LIMIT page_limit OFFSET page_offset;
      WHEN 'newest' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL AND category_id = category
        ORDER BY created_at DESC, id DESC LIMIT page_limit OFFSET page_offset;
      WHEN 'price' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL AND category_id = category
        ORDER BY price_cents, id LIMIT page_limit OFFSET page_offset;
      WHEN '-price' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL AND category_id = category
        ORDER BY price_cents DESC, id LIMIT page_limit OFFSET page_offset;
      WHEN 'name' THEN RETURN QUERY SELECT id FROM parts WHERE archived_at IS NULL AND category_id = category
        ORDER BY name, id LIMIT page_limit OFFSET page_offset;
    END CASE;
  END IF;
END
$$;
--> statement-breakpoint
-- The same for a page of the parts that fit a model, in any order but by name (which its fits do not
-- carry): ordered, counted and paged from the model's fits alone (part_fits_model_part_idx), as the
-- laptop page's statement was (`modelPageQuery` in the catalogue service).
CREATE FUNCTION "model_page_ids"(model_slug text, sort text, page_limit integer, page_offset integer)
RETURNS TABLE (id uuid, counted bigint)
LANGUAGE plpgsql STABLE ROWS 24
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  model uuid;
BEGIN
  SELECT laptop_models.id INTO model FROM laptop_models WHERE slug = model_slug;
  CASE sort
    WHEN 'catalogue' THEN RETURN QUERY SELECT part_id, count(*) OVER () FROM part_fits
      WHERE model_id = model AND part_on_sale
      ORDER BY part_created_at, part_id LIMIT page_limit OFFSET page_offset;
    WHEN 'newest' THEN RETURN QUERY SELECT part_id, count(*) OVER () FROM part_fits
      WHERE model_id = model AND part_on_sale
      ORDER BY part_created_at DESC, part_id DESC LIMIT page_limit OFFSET page_offset;
    WHEN 'price' THEN RETURN QUERY SELECT part_id, count(*) OVER () FROM part_fits
      WHERE model_id = model AND part_on_sale
      ORDER BY part_price_cents, part_id LIMIT page_limit OFFSET page_offset;
    WHEN '-price' THEN RETURN QUERY SELECT part_id, count(*) OVER () FROM part_fits
      WHERE model_id = model AND part_on_sale
      ORDER BY part_price_cents DESC, part_id LIMIT page_limit OFFSET page_offset;
  END CASE;
END
$$;
