CREATE TABLE "doencas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	CONSTRAINT "doencas_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "user_doencas" (
	"user_id" integer NOT NULL,
	"doenca_id" integer NOT NULL,
	CONSTRAINT "user_doencas_user_id_doenca_id_pk" PRIMARY KEY("user_id","doenca_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alergias" varchar(2000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "problemas" varchar(2000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medicamentos" varchar(2000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tratamento" varchar(2000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "protese" varchar(2000);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sus" varchar(15);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "convenio_empresa" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "convenio_numero" varchar(40);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hospital" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medico_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medico_name" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medico_crm" varchar(30);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medico_especialidade" varchar(120);--> statement-breakpoint
ALTER TABLE "user_doencas" ADD CONSTRAINT "user_doencas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_doencas" ADD CONSTRAINT "user_doencas_doenca_id_doencas_id_fk" FOREIGN KEY ("doenca_id") REFERENCES "public"."doencas"("id") ON DELETE no action ON UPDATE no action;