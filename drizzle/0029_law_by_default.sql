-- Ley 21.719 and Ley 19.496 by default (issue 48): deleted accounts, buyers anonymised, marketing consent,
-- derecho a retracto, who sells. Rerunnable.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "buyer_anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "retracto_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "no_retracto" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "legal_address" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "legal_representative" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "deleted_at" timestamp with time zone;--> statement-breakpoint
-- The dashboard says when a shop takes no orders because it does not say who sells: a store's
-- change moves the dashboard version (migration 0009), so no kept dashboard says it late.
DROP TRIGGER IF EXISTS "stores_dashboard" ON "stores";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "stores_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "stores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"('user_id');
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "no_retracto" text;