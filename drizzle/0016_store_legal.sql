-- A shop's own terms, privacy and returns texts; an empty document shows the templates.
-- IF NOT EXISTS: a start may run this again.
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "legal" jsonb DEFAULT '{}'::jsonb NOT NULL;
