DROP INDEX "sites_custom_domain_key";--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_custom_domain_key" ON "sites" USING btree ("custom_domain") WHERE domain_status = 'verified';