-- The buyer's timeline (order_events), the shipment's tracking number and carrier, and a shop's
-- pickup hours. Written to run again safely (a start may stop half-way). Orders placed before
-- this migration get one event: the status they are in, at their last change.
CREATE TABLE IF NOT EXISTS "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "carrier" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "pickup_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "status", "note", "at")
SELECT "id", "status", "reason", "updated_at" FROM "orders" o
WHERE "status" <> 'pendiente_pago'
  AND NOT EXISTS (SELECT 1 FROM "order_events" e WHERE e."order_id" = o."id");
