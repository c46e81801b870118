CREATE TABLE "retained_record_files" (
	"file_key" varchar(200) PRIMARY KEY NOT NULL,
	"retained_record_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retained_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(255) NOT NULL,
	"nascimento" date,
	"sexo" char(1),
	"registros" jsonb NOT NULL,
	"ultimo_registro_em" timestamp with time zone NOT NULL,
	"guardar_ate" timestamp with time zone NOT NULL,
	"excluido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_codes" (
	"code" char(8) PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_deletions" (
	"file_key" varchar(200) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exclusao_solicitada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retained_record_files" ADD CONSTRAINT "retained_record_files_retained_record_id_retained_records_id_fk" FOREIGN KEY ("retained_record_id") REFERENCES "public"."retained_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retained_record_files_record_idx" ON "retained_record_files" USING btree ("retained_record_id");--> statement-breakpoint
CREATE INDEX "retained_records_guardar_idx" ON "retained_records" USING btree ("guardar_ate");--> statement-breakpoint
CREATE INDEX "users_exclusao_idx" ON "users" USING btree ("exclusao_solicitada_em") WHERE "users"."exclusao_solicitada_em" is not null;