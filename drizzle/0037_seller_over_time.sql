-- Issue 50: an order keeps who sold it when the shop switches from persona natural to a company,
-- and a persona natural records their own tax start. Orders before this were sold by whoever the
-- shop names now. Rerunnable.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "sold_by" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "tax_started_on" date;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "tax_started_rut" text;--> statement-breakpoint
UPDATE "orders" o SET "sold_by" = jsonb_build_object('name', s."legal_name", 'rut', s."legal_rut", 'address', s."legal_address", 'representative', s."legal_representative") FROM "stores" s WHERE s."user_id" = o."seller_id" AND o."sold_by" IS NULL AND coalesce(s."legal_name", '') <> '' AND coalesce(s."legal_rut", '') <> '';
