-- Issue 66: a shop's account at a sales channel (Mercado Libre), tokens sealed. Rerunnable.
CREATE TABLE IF NOT EXISTS "channel_accounts" (
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"external_user_id" text NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refreshing_until" timestamp with time zone,
	"problem" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_accounts_user_id_channel_pk" PRIMARY KEY("user_id","channel")
);
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "channel_accounts_external_key" ON "channel_accounts" USING btree ("channel","external_user_id");