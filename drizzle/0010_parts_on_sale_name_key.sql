-- Part names are unique among parts on sale, ignoring case and accent encoding (schema.ts, partNameKey).
-- The admin form allowed such twins before: all but the oldest of each are renamed "… (duplicate 2)", "… (duplicate 3)", so that the index can be built; an admin can rename them.
UPDATE "parts" SET "name" = "parts"."name" || ' (duplicate ' || "twins"."n" || ')'
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower(normalize("name", NFC)) ORDER BY "created_at", "id") AS "n"
  FROM "parts" WHERE "archived_at" IS NULL
) AS "twins"
WHERE "parts"."id" = "twins"."id" AND "twins"."n" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "parts_on_sale_name_key" ON "parts" USING btree (lower(normalize("name", NFC))) WHERE "parts"."archived_at" is null;
