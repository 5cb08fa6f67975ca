CREATE TABLE "site_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_pages_body_length" CHECK (char_length("site_pages"."body") between 1 and 20000)
);
--> statement-breakpoint
-- The pages' texts are answered through the catalogue cache like the catalogue itself: a change is
-- announced, so every app instance drops its cached copy.
CREATE TRIGGER site_pages_changed AFTER INSERT OR UPDATE OR DELETE ON "site_pages"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
