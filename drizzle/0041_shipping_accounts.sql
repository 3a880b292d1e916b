-- Issue 65: each shop's courier accounts, the token sealed (`shipping/accounts.server.ts`). Rerunnable.
CREATE TABLE IF NOT EXISTS "shipping_accounts" (
	"user_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE cascade,
	"provider" text NOT NULL,
	"key_id" text NOT NULL,
	"secret" text NOT NULL,
	"secret_hint" text NOT NULL,
	"check" text,
	"checked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_accounts_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
