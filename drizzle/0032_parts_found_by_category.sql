-- A category's parts on sale, for searches and facets within a category: their plan ANDs the full-text
-- matches with the category's parts, which it read from an index of the category's orders 19 times
-- larger than this one (the same category_id is one deduplicated key here).
CREATE INDEX "parts_active_category_idx" ON "parts" USING btree ("category_id") WHERE "parts"."archived_at" is null;