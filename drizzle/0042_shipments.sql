-- Issue 65: courier quotes kept a few minutes, shipments per order, the shop's origin comuna and
-- default parcel, the courier an order chose. Rerunnable.
CREATE TABLE IF NOT EXISTS "courier_quotes" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shipments" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"provider" text NOT NULL,
	"courier" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"external_id" text,
	"courier_status" text,
	"tracking_number" text,
	"tracking_url" text,
	"label_url" text,
	"problem" text,
	"delivered_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "courier" jsonb;--> statement-breakpoint
ALTER TABLE "shipping_accounts" ADD COLUMN IF NOT EXISTS "quote_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "ship_from" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "parcel" jsonb;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shipments_seller_idx" ON "shipments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shipments_external_key" ON "shipments" USING btree ("provider","external_id");