CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'pendente' NOT NULL,
	"file_key" varchar(200),
	"bytes" integer,
	"error" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "code_alerts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pendente_desde" integer,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_cursors" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"last_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "localizacao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alertas_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alertas_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_alerts" ADD CONSTRAINT "code_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");