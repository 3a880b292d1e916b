-- The constituted company a shop sells as: its legal name and RUT. Written to run again safely.
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "legal_name" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN IF NOT EXISTS "legal_rut" text;
