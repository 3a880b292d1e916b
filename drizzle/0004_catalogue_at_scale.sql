CREATE TABLE "product_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"published" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_user_id_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_user_created_idx" ON "products" USING btree ("user_id","created_at","id");--> statement-breakpoint
UPDATE "products" SET "search_name" = lower(translate("name", 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'));--> statement-breakpoint
INSERT INTO "product_counts" ("user_id", "total", "published")
  SELECT "user_id", count(*), count(*) FILTER (WHERE "published") FROM "products" GROUP BY "user_id";--> statement-breakpoint
-- Keeps product_counts in step with products, once per statement (a bulk insert is one update).
-- A delete only decrements: when a user is deleted, its counts row is already gone with it.
CREATE FUNCTION "product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "product_counts" AS c SET "total" = c."total" - d."total", "published" = c."published" - d."published"
    FROM (SELECT "user_id", count(*)::int AS "total", (count(*) FILTER (WHERE "published"))::int AS "published" FROM old_rows GROUP BY "user_id") AS d
    WHERE c."user_id" = d."user_id";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "product_counts" AS c ("user_id", "total", "published")
    SELECT "user_id", count(*)::int, (count(*) FILTER (WHERE "published"))::int FROM new_rows GROUP BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "total" = c."total" + excluded."total", "published" = c."published" + excluded."published";
  ELSE
    UPDATE "product_counts" AS c SET "published" = c."published" + d."published"
    FROM (
      SELECT "user_id", sum("published")::int AS "published" FROM (
        SELECT "user_id", "published"::int AS "published" FROM new_rows
        UNION ALL
        SELECT "user_id", -("published"::int) FROM old_rows
      ) AS changes GROUP BY "user_id"
    ) AS d
    WHERE c."user_id" = d."user_id" AND d."published" <> 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_count_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_apply"();
