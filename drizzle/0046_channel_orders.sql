-- Issue 66: orders imported from a channel (once each), the channel on every order, and lines sold
-- there without stock here. Rerunnable.
CREATE TABLE IF NOT EXISTS "channel_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"pack_id" text NOT NULL,
	"buyer_nickname" text,
	"short" boolean DEFAULT false NOT NULL,
	"document_uploaded_at" timestamp with time zone,
	"document_error" text,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "stock_short" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "channel" text DEFAULT 'tienda' NOT NULL;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "channel_orders" ADD CONSTRAINT "channel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "channel_orders_external_key" ON "channel_orders" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_seller_channel_idx" ON "orders" USING btree ("seller_id","channel","created_at") WHERE channel <> 'tienda';
