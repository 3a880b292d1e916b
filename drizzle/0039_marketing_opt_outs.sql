-- Issue 63: a shop's buyers who asked for no more publicity. Rerunnable.
CREATE TABLE IF NOT EXISTS "marketing_opt_outs" (
	"seller_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_opt_outs_seller_id_email_pk" PRIMARY KEY("seller_id","email")
);
--> statement-breakpoint
-- The customers list shows consent, and its pages are kept by the dashboard's version (0009).
DROP TRIGGER IF EXISTS "marketing_opt_outs_dashboard" ON "marketing_opt_outs";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "marketing_opt_outs_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "marketing_opt_outs" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"('seller_id');
