-- Each store's own Webpay Plus account (src/lib/orders/webpay-account.server.ts). IF NOT EXISTS:
-- a migration may run again after an interrupted start.
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_commerce_code" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_secret" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_secret_hint" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_environment" text DEFAULT 'integration' NOT NULL;