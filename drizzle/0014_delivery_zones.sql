-- Delivery by zone: a shop's flat price, pickup address and hours move into one `delivery`
-- document (rates per region and comuna, free-shipping threshold, pickup points); orders keep
-- the estimate, pickup point and note the buyer saw. Idempotent: a start may run it again.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "delivery_estimate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "pickup_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "notes" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "delivery" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_name = 'stores' AND column_name = 'delivery_price') THEN
    UPDATE "stores" SET "delivery" = jsonb_build_object(
      'rest', jsonb_build_object('price', "delivery_price", 'days', NULL),
      'pickup_points', CASE WHEN btrim("pickup_address") = '' THEN '[]'::jsonb
        ELSE jsonb_build_array(jsonb_build_object(
          'name', 'Retiro en tienda', 'address', "pickup_address", 'hours', "pickup_hours"))
      END);
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN IF EXISTS "pickup_address";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN IF EXISTS "pickup_hours";--> statement-breakpoint
ALTER TABLE "stores" DROP COLUMN IF EXISTS "delivery_price";
