-- Issue 51: a transfer or WhatsApp order paid by card from its receipt page keeps the way back. Rerunnable.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "fallback_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "fallback_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_reference" text;
