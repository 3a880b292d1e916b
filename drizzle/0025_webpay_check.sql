-- What Webpay last said of each store's account; checkout offers Webpay only when it said yes.
-- Accounts saved before this were working ones: they start as checked. Runs again safely.
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_check" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "webpay_checked_at" timestamp with time zone;--> statement-breakpoint
UPDATE "stores" SET "webpay_check" = 'ok' WHERE "webpay_check" IS NULL AND "webpay_checked_at" IS NULL AND "webpay_secret" IS NOT NULL;
