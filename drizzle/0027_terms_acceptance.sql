-- Ley 21.719: the terms and privacy version a person accepted by registering, and when. Rerunnable.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "terms_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "terms_accepted_at" timestamp with time zone;