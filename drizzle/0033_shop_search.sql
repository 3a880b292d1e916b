-- Issue 51: the shop's search (`/shop?q=`). Each product carries its Spanish text-search
-- document, accents off (schema.ts `searchableSql`), with a GIN index; PostgreSQL and PGlite
-- both have the `spanish` configuration built in. Rerunnable.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_doc" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('spanish'::regconfig, lower(translate("name",
    'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç',
    'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))), 'A')
  || setweight(to_tsvector('spanish'::regconfig, lower(translate(
    jsonb_path_query_array("options", '$[*].values[*]')::text,
    'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç',
    'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))), 'B')
  || setweight(to_tsvector('spanish'::regconfig, lower(translate(
    regexp_replace("description", '<[^>]*>', ' ', 'g'),
    'ÁÀÂÄÉÈÊËÍÌÎÏÓÒÔÖÚÙÛÜÑÇáàâäéèêëíìîïóòôöúùûüñç',
    'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))), 'C')
) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_idx" ON "products" USING gin ("search_doc");
