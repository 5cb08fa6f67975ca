-- A change to parts names the parts it changed ('parts:<id>,<id>…'), so every instance's catalogue cache
-- drops only what those parts can affect (decision 033). A statement with a transition table takes one
-- trigger per event; a part's id never changes, so the new rows serve updates. NOTIFY payloads stop at
-- 8,000 bytes: a larger change (an import) is announced as everything (''), as every other table still is.
CREATE FUNCTION notify_parts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
  SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed;
  IF ids IS NOT NULL THEN
    PERFORM pg_notify('catalog_changed', CASE WHEN length(ids) <= 7000 THEN 'parts:' || ids ELSE '' END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER parts_changed ON parts;
--> statement-breakpoint
CREATE TRIGGER parts_inserted AFTER INSERT ON parts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parts_changed();
--> statement-breakpoint
CREATE TRIGGER parts_updated AFTER UPDATE ON parts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parts_changed();
--> statement-breakpoint
CREATE TRIGGER parts_deleted AFTER DELETE ON parts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parts_changed();
