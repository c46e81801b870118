CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "code_access_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"viewer_id" integer,
	"tabs" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "virgin_codes" (
	"code" char(8) PRIMARY KEY NOT NULL,
	"batch" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cidades" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"uf" char(2) NOT NULL,
	"busca" varchar(120) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "especialidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	CONSTRAINT "especialidades_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"user_agent" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password_hash" text NOT NULL,
	"code" char(8) NOT NULL,
	"avatar" varchar(80),
	"email_verified_at" timestamp with time zone,
	"newsletter" boolean DEFAULT false NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"empresarial" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"telefone" varchar(11),
	"contato" varchar(255),
	"contato_telefone" varchar(11),
	"contato_relacao" char(1),
	"peso" numeric(4, 1),
	"altura" numeric(3, 2),
	"cor" smallint,
	"olhos" smallint,
	"sinal" varchar(500),
	"nascimento" date,
	"sexo" char(1),
	"sangue" smallint,
	"endereco" varchar(255),
	"bairro" varchar(255),
	"cidade_id" integer,
	"complemento" varchar(255),
	"doador" char(1),
	"adicional" text
);
--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD CONSTRAINT "code_access_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD CONSTRAINT "code_access_logs_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virgin_codes" ADD CONSTRAINT "virgin_codes_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_access_logs_user_idx" ON "code_access_logs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cidades_busca_trgm" ON "cidades" USING gin ("busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_code_unique" ON "users" USING btree ("code");