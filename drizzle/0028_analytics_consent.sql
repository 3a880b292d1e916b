-- Ley 21.719: product analytics only by consent. null: not asked yet. Rerunnable.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "analytics_consent" boolean;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "analytics_consent_at" timestamp with time zone;--> statement-breakpoint
-- Every signed-in page shows the banner or loads analytics from this column: a change moves the
-- dashboard version (migration 0009), so a kept dashboard is not answered with the old choice.
DROP TRIGGER IF EXISTS "users_consent_dashboard" ON "users";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_consent_dashboard" AFTER UPDATE OF "analytics_consent" ON "users" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"('id');
