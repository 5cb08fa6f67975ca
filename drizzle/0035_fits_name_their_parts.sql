-- A change to fits names the parts whose fits changed ('parts:<id>,<id>…'), as a change to parts does
-- (migration 0016): every instance's catalogue cache then keeps the other parts' own answers and the
-- pages of text, where a fits change used to empty it. What a part's fits show (its own answer, the
-- laptop pages and their lists, searches by model) goes with any named part. An update names the parts
-- of the fits whose part, model or note changed, not those whose copies of their part's columns moved
-- with the part (migration 0028; the part's own update announces that). At most 190 parts are named
-- (NOTIFY payloads stop at 8,000 bytes); more, as in an import, is announced as everything ('').
CREATE FUNCTION notify_parts_named(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM pg_notify('catalog_changed',
      CASE WHEN cardinality(ids) < 190 THEN 'parts:' || array_to_string(ids, ',') ELSE '' END);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_fits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_parts_named(ARRAY(SELECT DISTINCT part_id FROM changed LIMIT 190));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION notify_fits_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_parts_named(ARRAY(SELECT DISTINCT part_id FROM (
    (SELECT part_id, model_id, note FROM changed EXCEPT ALL SELECT part_id, model_id, note FROM before)
    UNION ALL
    (SELECT part_id, model_id, note FROM before EXCEPT ALL SELECT part_id, model_id, note FROM changed)
  ) moved LIMIT 190));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER part_fits_changed ON part_fits;
--> statement-breakpoint
CREATE TRIGGER part_fits_announce_inserted AFTER INSERT ON part_fits REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_fits_changed();
--> statement-breakpoint
CREATE TRIGGER part_fits_announce_deleted AFTER DELETE ON part_fits REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_fits_changed();
--> statement-breakpoint
CREATE TRIGGER part_fits_announce_updated AFTER UPDATE ON part_fits REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_fits_updated();
