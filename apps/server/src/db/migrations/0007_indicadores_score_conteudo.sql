CREATE TABLE "dicas" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" varchar(300) NOT NULL,
	"answer" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria" varchar(40) NOT NULL,
	"questoes" text NOT NULL,
	"alternativas" jsonb NOT NULL,
	"ordem" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria" varchar(40) NOT NULL,
	"id_questions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"categoria" varchar(40) NOT NULL,
	"pontuacao" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glicoses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"value" smallint NOT NULL,
	"time_of_day" smallint NOT NULL,
	"status" varchar(20) NOT NULL,
	"data_afericao" date NOT NULL,
	"time_afericao" char(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"peso" numeric(4, 1) NOT NULL,
	"altura" numeric(3, 2) NOT NULL,
	"imc" numeric(4, 1) NOT NULL,
	"variacao_peso" numeric(4, 1),
	"status" varchar(20) NOT NULL,
	"data_afericao" date NOT NULL,
	"time_afericao" char(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oxigenacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"saturacao" smallint NOT NULL,
	"bpm" smallint NOT NULL,
	"status" varchar(20) NOT NULL,
	"data_afericao" date NOT NULL,
	"time_afericao" char(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pressoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sis" smallint NOT NULL,
	"dia" smallint NOT NULL,
	"status" varchar(20) NOT NULL,
	"data_afericao" date NOT NULL,
	"time_afericao" char(5) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_results" ADD CONSTRAINT "score_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glicoses" ADD CONSTRAINT "glicoses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imcs" ADD CONSTRAINT "imcs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oxigenacoes" ADD CONSTRAINT "oxigenacoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pressoes" ADD CONSTRAINT "pressoes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_questions_categoria_idx" ON "score_questions" USING btree ("categoria","ordem");--> statement-breakpoint
CREATE INDEX "score_results_user_idx" ON "score_results" USING btree ("user_id","categoria","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "glicoses_user_day_period_unique" ON "glicoses" USING btree ("user_id","data_afericao","time_of_day");--> statement-breakpoint
CREATE INDEX "imcs_user_idx" ON "imcs" USING btree ("user_id","data_afericao","time_afericao");--> statement-breakpoint
CREATE INDEX "oxigenacoes_user_idx" ON "oxigenacoes" USING btree ("user_id","data_afericao","time_afericao");--> statement-breakpoint
CREATE INDEX "pressoes_user_idx" ON "pressoes" USING btree ("user_id","data_afericao","time_afericao");