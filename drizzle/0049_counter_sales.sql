-- Issue 67: a counter sale's means of payment and who made it (the day's cierre de caja). Rerunnable.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "counter_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "counter_by" integer;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "orders" ADD CONSTRAINT "orders_counter_by_users_id_fk" FOREIGN KEY ("counter_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_counter_idx" ON "orders" USING btree ("seller_id","created_at") WHERE "counter_method" IS NOT NULL;
