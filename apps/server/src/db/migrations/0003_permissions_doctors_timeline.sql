CREATE TABLE "atendimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"medico_id" integer NOT NULL,
	"status" varchar(2) DEFAULT 'P' NOT NULL,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medico_crms" (
	"id" serial PRIMARY KEY NOT NULL,
	"medico_id" integer NOT NULL,
	"numero" varchar(10) NOT NULL,
	"uf" char(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medico_especialidades" (
	"medico_id" integer NOT NULL,
	"especialidade_id" integer NOT NULL,
	CONSTRAINT "medico_especialidades_medico_id_especialidade_id_pk" PRIMARY KEY("medico_id","especialidade_id")
);
--> statement-breakpoint
CREATE TABLE "medicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"busca" varchar(255) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"suporte" boolean DEFAULT false NOT NULL,
	"cidade_id" integer,
	"verified_at" timestamp with time zone,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profissionais" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" char(1) NOT NULL,
	"numero" varchar(30) NOT NULL,
	"documento" varchar(80),
	"status" varchar(10) DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "timeline_anexos" (
	"id" serial PRIMARY KEY NOT NULL,
	"timeline_item_id" integer NOT NULL,
	"path" varchar(120) NOT NULL,
	"mime" varchar(60) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tipo" smallint NOT NULL,
	"data" date NOT NULL,
	"descricao" text NOT NULL,
	"valor" numeric(12, 2),
	"medico_id" integer,
	"medico_name" varchar(255),
	"created_by" char(1),
	"terceiro_id" integer,
	"atendimento_id" integer,
	"local_dor" varchar(30),
	"intensidade_dor" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "viewer_kind" varchar(20) DEFAULT 'guest' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissoes_saude" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "permissoes_timeline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_crms" ADD CONSTRAINT "medico_crms_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_especialidades" ADD CONSTRAINT "medico_especialidades_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_especialidades" ADD CONSTRAINT "medico_especialidades_especialidade_id_especialidades_id_fk" FOREIGN KEY ("especialidade_id") REFERENCES "public"."especialidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicos" ADD CONSTRAINT "medicos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medicos" ADD CONSTRAINT "medicos_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profissionais" ADD CONSTRAINT "profissionais_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_anexos" ADD CONSTRAINT "timeline_anexos_timeline_item_id_timeline_items_id_fk" FOREIGN KEY ("timeline_item_id") REFERENCES "public"."timeline_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD CONSTRAINT "timeline_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD CONSTRAINT "timeline_items_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD CONSTRAINT "timeline_items_terceiro_id_users_id_fk" FOREIGN KEY ("terceiro_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_items" ADD CONSTRAINT "timeline_items_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimentos_medico_user_idx" ON "atendimentos" USING btree ("medico_id","user_id");--> statement-breakpoint
CREATE INDEX "atendimentos_user_idx" ON "atendimentos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "medico_crms_numero_uf_unique" ON "medico_crms" USING btree ("numero","uf");--> statement-breakpoint
CREATE INDEX "medico_crms_medico_idx" ON "medico_crms" USING btree ("medico_id");--> statement-breakpoint
CREATE UNIQUE INDEX "medicos_user_unique" ON "medicos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "medicos_busca_trgm" ON "medicos" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "profissionais_user_unique" ON "profissionais" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "timeline_anexos_item_idx" ON "timeline_anexos" USING btree ("timeline_item_id");--> statement-breakpoint
CREATE INDEX "timeline_items_user_data_idx" ON "timeline_items" USING btree ("user_id","data","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE set null ON UPDATE no action;