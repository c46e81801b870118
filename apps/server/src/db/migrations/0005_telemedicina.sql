CREATE TABLE "creditos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"origem" varchar(20) DEFAULT 'compra' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"atendimento_id" integer
);
--> statement-breakpoint
CREATE TABLE "planos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"preco" integer NOT NULL,
	"periodo" char(1) NOT NULL,
	"tipo" smallint DEFAULT 1 NOT NULL,
	"descricao" text,
	"stripe_plan" varchar(120),
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plano_id" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinicas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(255) NOT NULL,
	"busca" varchar(255) NOT NULL,
	"cidade_id" integer
);
--> statement-breakpoint
CREATE TABLE "denuncias" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"medico_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"status" varchar(12) DEFAULT 'aberta' NOT NULL,
	"nota" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medico_bloqueios" (
	"medico_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medico_bloqueios_medico_id_user_id_pk" PRIMARY KEY("medico_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "medico_clinicas" (
	"medico_id" integer NOT NULL,
	"clinica_id" integer NOT NULL,
	CONSTRAINT "medico_clinicas_medico_id_clinica_id_pk" PRIMARY KEY("medico_id","clinica_id")
);
--> statement-breakpoint
CREATE TABLE "mensagens" (
	"id" serial PRIMARY KEY NOT NULL,
	"atendimento_id" integer NOT NULL,
	"from" char(1) NOT NULL,
	"type" char(1) NOT NULL,
	"content" text NOT NULL,
	"file_key" varchar(80),
	"file_mime" varchar(40),
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"medico_id" integer NOT NULL,
	"code" char(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "pagamento" varchar(10) DEFAULT 'suporte' NOT NULL;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "pass_id" integer;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "credito_id" integer;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "recusado_motivo" smallint;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "recusado_comentario" text;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creditos" ADD CONSTRAINT "creditos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creditos" ADD CONSTRAINT "creditos_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plano_id_planos_id_fk" FOREIGN KEY ("plano_id") REFERENCES "public"."planos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinicas" ADD CONSTRAINT "clinicas_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denuncias" ADD CONSTRAINT "denuncias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "denuncias" ADD CONSTRAINT "denuncias_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_bloqueios" ADD CONSTRAINT "medico_bloqueios_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_bloqueios" ADD CONSTRAINT "medico_bloqueios_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_clinicas" ADD CONSTRAINT "medico_clinicas_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medico_clinicas" ADD CONSTRAINT "medico_clinicas_clinica_id_clinicas_id_fk" FOREIGN KEY ("clinica_id") REFERENCES "public"."clinicas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mensagens" ADD CONSTRAINT "mensagens_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passes" ADD CONSTRAINT "passes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creditos_user_idx" ON "creditos" USING btree ("user_id","used_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","current_period_end");--> statement-breakpoint
CREATE UNIQUE INDEX "clinicas_nome_cidade_unique" ON "clinicas" USING btree ("busca","cidade_id");--> statement-breakpoint
CREATE INDEX "clinicas_busca_trgm" ON "clinicas" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "denuncias_status_idx" ON "denuncias" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "medico_clinicas_clinica_idx" ON "medico_clinicas" USING btree ("clinica_id");--> statement-breakpoint
CREATE INDEX "mensagens_atendimento_idx" ON "mensagens" USING btree ("atendimento_id","id");--> statement-breakpoint
CREATE INDEX "mensagens_unread_idx" ON "mensagens" USING btree ("atendimento_id","from") WHERE "mensagens"."read_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "passes_code_unique" ON "passes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "passes_medico_idx" ON "passes" USING btree ("medico_id","created_at");--> statement-breakpoint
CREATE INDEX "atendimentos_medico_status_idx" ON "atendimentos" USING btree ("medico_id","status","created_at");--> statement-breakpoint
CREATE INDEX "atendimentos_active_idx" ON "atendimentos" USING btree ("last_message_at") WHERE "atendimentos"."status" = 'A';