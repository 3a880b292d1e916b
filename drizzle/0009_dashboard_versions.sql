CREATE TABLE "dashboard_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_versions" ADD CONSTRAINT "dashboard_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moves the dashboard version of the user a changed row belongs to. TG_ARGV[0] names the column
-- that holds the user ('canvas_id': through canvases). A user without a row is at version 0 and
-- gets one at 1; a user being deleted is skipped (their row goes with them).
CREATE FUNCTION "dashboard_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  who integer;
BEGIN
  IF TG_ARGV[0] = 'canvas_id' THEN
    SELECT "user_id" INTO who FROM "canvases" WHERE "id" = (changed->>'canvas_id')::integer;
  ELSE
    who := (changed->>TG_ARGV[0])::integer;
  END IF;
  INSERT INTO "dashboard_versions" AS v ("user_id", "version")
    SELECT "id", 1 FROM "users" WHERE "id" = who
    ON CONFLICT ("user_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- One trigger per table the dashboard reads. Deferred to commit, so a transaction takes the
-- version row's lock after every other lock it holds: an order placed while another is cancelled
-- (product rows, then the version; the order, then the version) cannot deadlock over it.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('canvases', 'user_id'),
    ('canvas_sections', 'canvas_id'),
    ('companies', 'user_id'),
    ('company_drafts', 'user_id'),
    ('product_counts', 'user_id'),
    ('orders', 'seller_id'),
    ('sites', 'user_id'),
    ('lesson_progress', 'user_id')
  ) AS v(tbl, who) LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "dashboard_touch"(%L)', t.tbl || '_dashboard', t.tbl, t.who);
  END LOOP;
END $$;
