-- A moved dashboard version is also announced, at commit, on the channel every app instance
-- listens on for cache invalidations (`CacheBus` in src/lib/server/cache/page-cache.ts), with
-- the tag `dashboard:<user id>` (`dashboardTag` in src/lib/server/cache/known-versions.ts).
-- Instances keep the versions they have read in memory and forget one when they hear this;
-- PGlite delivers it to its own process before the writing statement returns.
CREATE OR REPLACE FUNCTION "dashboard_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF FOUND THEN
    PERFORM pg_notify('impulsa_page_cache', json_build_object('from', 'database', 'tags', json_build_array('dashboard:' || who))::text);
  END IF;
  RETURN NULL;
END $$;
