-- Issue 67: a shop's members and invitations, the shop a session works in, who moved an order.
-- Rerunnable.
CREATE TABLE IF NOT EXISTS "shop_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "shop_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"role" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"invited_by" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN IF NOT EXISTS "shop_id" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN IF NOT EXISTS "actor_id" integer;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_invitations" ADD CONSTRAINT "shop_invitations_shop_id_users_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_invitations" ADD CONSTRAINT "shop_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_shop_id_users_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "shop_members" ADD CONSTRAINT "shop_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shop_invitations_token_key" ON "shop_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_invitations_shop_idx" ON "shop_invitations" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shop_members_shop_idx" ON "shop_members" USING btree ("shop_id");--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_shop_id_users_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;