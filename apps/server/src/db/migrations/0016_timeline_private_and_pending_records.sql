CREATE TABLE "timeline_daily_adds" (
	"user_id" integer NOT NULL,
	"terceiro_id" integer NOT NULL,
	"dia" date NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "timeline_daily_adds_user_id_terceiro_id_dia_pk" PRIMARY KEY("user_id","terceiro_id","dia")
);
--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "telemedicina" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD COLUMN "pendente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "timeline_daily_adds" ADD CONSTRAINT "timeline_daily_adds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_daily_adds" ADD CONSTRAINT "timeline_daily_adds_terceiro_id_users_id_fk" FOREIGN KEY ("terceiro_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "timeline_items_pendente_idx" ON "timeline_items" USING btree ("user_id","id") WHERE "timeline_items"."pendente";--> statement-breakpoint
-- Records a telemedicine session left. Type 6 is written only when a session ends (nobody may add it), so it also marks those whose session row is already gone.
UPDATE "timeline_items" SET "telemedicina" = true WHERE "atendimento_id" IS NOT NULL OR "tipo" = 6;--> statement-breakpoint
-- Records third parties added before approval existed were never vetted by the patient: they wait for it (docs/timeline-privacy.md).
UPDATE "timeline_items" SET "pendente" = true WHERE "created_by" = 'T';