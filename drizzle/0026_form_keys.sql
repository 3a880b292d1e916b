-- One-time keys of forms that create something: a repeated POST answers with what the first made.
-- Runs again safely.
CREATE TABLE IF NOT EXISTS "form_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
DO $$ BEGIN
 ALTER TABLE "form_keys" ADD CONSTRAINT "form_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN null;
END $$;