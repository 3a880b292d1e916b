-- Visits per day to products' and sites' public pages, counted without cookies and written in
-- batches. Written to run again safely.
CREATE TABLE IF NOT EXISTS "page_visits" (
	"site_id" integer NOT NULL,
	"path" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "page_visits_site_id_path_day_pk" PRIMARY KEY("site_id","path","day")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "product_visits" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "product_visits_product_id_day_pk" PRIMARY KEY("product_id","day")
);
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "page_visits" ADD CONSTRAINT "page_visits_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "product_visits" ADD CONSTRAINT "product_visits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;