-- Every change to the catalogue (stock included) is announced, so each app instance drops its cached copy.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER parts_changed AFTER INSERT OR UPDATE OR DELETE ON parts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
