-- Issue 49, second part: products exempt of IVA (and the order's line remembers it), documents the
-- seller emitted in the SII's own system, and each document's date for the monthly declaration.
-- Rerunnable.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN IF NOT EXISTS "by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN IF NOT EXISTS "document_date" date;--> statement-breakpoint
UPDATE "tax_documents" SET "document_date" = (coalesce("issued_at", "created_at") AT TIME ZONE 'America/Santiago')::date WHERE "document_date" IS NULL;--> statement-breakpoint
ALTER TABLE "tax_documents" ALTER COLUMN "document_date" SET NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "tax_documents_seller_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tax_documents_seller_date_idx" ON "tax_documents" USING btree ("seller_id","document_date");
--> statement-breakpoint
-- The dashboard counts paid orders without a document: a document's change moves its version
-- (migration 0009), so no kept dashboard counts one that was emitted since.
DROP TRIGGER IF EXISTS "tax_documents_dashboard" ON "tax_documents";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_documents_dashboard" AFTER INSERT OR UPDATE OR DELETE ON "tax_documents" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"('seller_id');
--> statement-breakpoint
-- Issue 50: the tax start is a step of the journey; the owner records the day it was done.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "activities_started_on" date;
