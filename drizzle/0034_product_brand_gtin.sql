-- Issue 51: what the catalogue feeds say of a product beyond the shop's own data. Rerunnable.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "gtin" text;
