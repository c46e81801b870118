ALTER TABLE "timeline_anexos" ADD COLUMN "name" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('portuguese'::regconfig, "timeline_items"."busca")) STORED;--> statement-breakpoint
CREATE INDEX "timeline_items_search_idx" ON "timeline_items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "timeline_items_busca_trgm" ON "timeline_items" USING gin ("busca" gin_trgm_ops);