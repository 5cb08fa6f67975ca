-- An update of parts that changed only their stock (a sale, a cancellation, a return's restock) says so
-- ('stock:<id>,<id>…'): every instance's catalogue cache then keeps the answers that neither show those
-- parts nor depend on stock (decision 041). Any other update names its parts as before ('parts:…'), and
-- one too large to name is everything (''). updated_at moves with every update, so it is not compared.
CREATE FUNCTION notify_parts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
  stock_only boolean;
BEGIN
  SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM changed;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7000 THEN
    PERFORM pg_notify('catalog_changed', '');
    RETURN NULL;
  END IF;
  SELECT bool_and(to_jsonb(b) - '{available_quantity,updated_at}'::text[]
      = to_jsonb(c) - '{available_quantity,updated_at}'::text[])
    INTO stock_only
    FROM before b JOIN changed c USING (id);
  PERFORM pg_notify('catalog_changed', CASE WHEN stock_only THEN 'stock:' ELSE 'parts:' END || ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER parts_updated ON parts;
--> statement-breakpoint
CREATE TRIGGER parts_updated AFTER UPDATE ON parts REFERENCING OLD TABLE AS before NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION notify_parts_updated();
