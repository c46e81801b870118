-- A search's matches among one patient's records through an index (docs/api/timeline.md "Search"): btree_gin puts
-- the patient's id in the same GIN index as the trigrams, so a scan of it intersects the two.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
-- The lexemes of to_tsvector('portuguese', busca) (the search_vector column's), each after a space: a prefix query
-- 'cardi:*' matches a record only if its lexemas contain ' cardi', which the trigram index finds. IMMUTABLE as
-- its parts are for text (array_to_string is only marked STABLE for arrays of types whose output may vary).
CREATE FUNCTION "timeline_lexemas"("busca" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || array_to_string(tsvector_to_array(to_tsvector('portuguese'::regconfig, "busca")), ' ')
$$;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "lexemas" text GENERATED ALWAYS AS (timeline_lexemas("timeline_items"."busca")) STORED;--> statement-breakpoint
CREATE INDEX "timeline_items_search_idx" ON "timeline_items" USING gin ("user_id","busca" gin_trgm_ops,"lexemas" gin_trgm_ops) WITH (fastupdate=off);
