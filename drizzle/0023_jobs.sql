-- The durable job queue (src/lib/server/queue/). Each statement that adds jobs announces it on
-- 'impulsa_jobs' at commit, so a waiting worker on any instance claims them at once. Runs again safely.
CREATE TABLE IF NOT EXISTS "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"key" text,
	"ref" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"repeat_seconds" integer,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE status in ('pending', 'running');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_ref_idx" ON "jobs" USING btree ("ref") WHERE ref is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_failed_idx" ON "jobs" USING btree ("finished_at") WHERE status = 'failed';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "jobs_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('impulsa_jobs', '');
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "jobs_announce" ON "jobs";--> statement-breakpoint
CREATE TRIGGER "jobs_announce" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "jobs_announce"();
