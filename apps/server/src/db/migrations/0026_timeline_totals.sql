CREATE TABLE "timeline_totals" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"todos" integer DEFAULT 0 NOT NULL,
	"medico" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "timeline_items_search_idx";--> statement-breakpoint
DROP INDEX "timeline_items_busca_trgm";--> statement-breakpoint
ALTER TABLE "timeline_totals" ADD CONSTRAINT "timeline_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps timeline_totals in step with timeline_items, in the same transaction (docs/performance.md "Timeline
-- totals"). One function for the three statement triggers below: it sees the statement's rows as the transition
-- tables "novos" (inserted, or updated as they are now) and "velhos" (deleted, or updated as they were).
-- Deletions only lower existing rows, never insert: deleting an account cascades to its records, and a row
-- inserted for it then would break the foreign key. Counter rows are inserted in user_id order, so that two
-- statements lock them in the same order.
CREATE FUNCTION "timeline_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "timeline_totals" AS "c"
      SET "todos" = "c"."todos" - "d"."todos", "medico" = "c"."medico" - "d"."medico"
      FROM (SELECT "user_id", count(*)::int AS "todos", (count(*) FILTER (WHERE "created_by" = 'M'))::int AS "medico"
            FROM "velhos" WHERE NOT "pendente" GROUP BY "user_id") AS "d"
      WHERE "c"."user_id" = "d"."user_id";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "timeline_totals" AS "c" ("user_id", "todos", "medico")
      SELECT "user_id", count(*)::int, (count(*) FILTER (WHERE "created_by" = 'M'))::int
        FROM "novos" WHERE NOT "pendente" GROUP BY "user_id" ORDER BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE
        SET "todos" = "c"."todos" + excluded."todos", "medico" = "c"."medico" + excluded."medico";
  ELSE
    INSERT INTO "timeline_totals" AS "c" ("user_id", "todos", "medico")
      SELECT "user_id", sum("n")::int, sum("m")::int FROM (
          SELECT "user_id", 1 AS "n", ("created_by" IS NOT DISTINCT FROM 'M')::int AS "m" FROM "novos" WHERE NOT "pendente"
          UNION ALL
          SELECT "user_id", -1, -("created_by" IS NOT DISTINCT FROM 'M')::int FROM "velhos" WHERE NOT "pendente"
        ) AS "d"
        GROUP BY "user_id" HAVING sum("n") <> 0 OR sum("m") <> 0 ORDER BY "user_id"
      ON CONFLICT ("user_id") DO UPDATE
        SET "todos" = "c"."todos" + excluded."todos", "medico" = "c"."medico" + excluded."medico";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "timeline_totals_insert" AFTER INSERT ON "timeline_items"
  REFERENCING NEW TABLE AS "novos" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "timeline_totals_update" AFTER UPDATE ON "timeline_items"
  REFERENCING OLD TABLE AS "velhos" NEW TABLE AS "novos" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "timeline_totals_delete" AFTER DELETE ON "timeline_items"
  REFERENCING OLD TABLE AS "velhos" FOR EACH STATEMENT EXECUTE FUNCTION "timeline_totals_apply"();
--> statement-breakpoint
-- The records already there, counted once the triggers hold the table (CREATE TRIGGER locks it against writes
-- until this migration commits).
INSERT INTO "timeline_totals" ("user_id", "todos", "medico")
  SELECT "user_id", count(*)::int, (count(*) FILTER (WHERE "created_by" = 'M'))::int
    FROM "timeline_items" WHERE NOT "pendente" GROUP BY "user_id";
