-- Issue 66: a channel's listing (or variation) tied to the seller's product. Rerunnable.
CREATE TABLE IF NOT EXISTS "channel_links" (
	"seller_id" integer NOT NULL,
	"channel" text NOT NULL,
	"item_id" text NOT NULL,
	"variation_id" text DEFAULT '' NOT NULL,
	"product_id" integer NOT NULL,
	"variant_id" integer,
	"title" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_links_channel_item_id_variation_id_pk" PRIMARY KEY("channel","item_id","variation_id")
);
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "channel_links" ADD CONSTRAINT "channel_links_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "channel_links" ADD CONSTRAINT "channel_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "channel_links" ADD CONSTRAINT "channel_links_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channel_links_product_idx" ON "channel_links" USING btree ("seller_id","product_id");