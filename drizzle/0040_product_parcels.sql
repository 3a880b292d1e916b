-- Issue 65: a product's parcel for couriers, grams and centimetres (null: the shop's default
-- parcel's). Rerunnable.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "weight_g" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "length_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "width_cm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "height_cm" integer;
