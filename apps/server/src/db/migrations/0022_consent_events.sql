CREATE TABLE "consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item" varchar(40) NOT NULL,
	"valor" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","created_at");
--> statement-breakpoint
INSERT INTO "consent_events" ("user_id", "item", "valor", "created_at") SELECT "id", 'termos', NULL, "terms_accepted_at" FROM "users" WHERE "terms_accepted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "consent_events" ("user_id", "item", "valor", "created_at") SELECT "id", 'politica', NULL, "terms_accepted_at" FROM "users" WHERE "terms_accepted_at" IS NOT NULL;