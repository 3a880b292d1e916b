-- Issue 50: accounts with payment providers that send the buyer to their own page (Flow, Mercado
-- Pago), and each order's reference with its provider. Rerunnable.
CREATE TABLE IF NOT EXISTS "payment_accounts" (
	"user_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"environment" text NOT NULL,
	"key_id" text NOT NULL,
	"secret" text NOT NULL,
	"secret_hint" text NOT NULL,
	"check" text,
	"checked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "orders_payment_ref_key" ON "orders" USING btree ("payment_method","payment_ref");
--> statement-breakpoint
-- A provider checked or removed changes what the dashboard's path shows (migration 0009).
DROP TRIGGER IF EXISTS "payment_accounts_dashboard" ON "payment_accounts";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payment_accounts_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "payment_accounts" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"('user_id');
