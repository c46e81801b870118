CREATE TABLE "app_settings" (
	"chave" varchar(60) PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(40) NOT NULL,
	"desconto" smallint NOT NULL,
	"valido_ate" timestamp with time zone,
	"limite_usos" integer,
	"usos" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider" varchar(10) NOT NULL,
	"customer_id" varchar(120) NOT NULL,
	"payment_method_id" varchar(120),
	"card_brand" varchar(20),
	"card_last4" char(4),
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"saldo" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"provider" varchar(10) NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"referencia_id" integer,
	"descricao" varchar(200) NOT NULL,
	"valor" integer NOT NULL,
	"moeda" char(3) DEFAULT 'brl' NOT NULL,
	"status" varchar(12) DEFAULT 'pendente' NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"provider_payment_id" varchar(120),
	"falha" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qrcode_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" char(8) NOT NULL,
	"endereco" varchar(255) NOT NULL,
	"bairro" varchar(255) NOT NULL,
	"cidade_id" integer NOT NULL,
	"cep" char(8) NOT NULL,
	"complemento" varchar(255),
	"valor" integer NOT NULL,
	"coupon_id" integer,
	"desconto" smallint,
	"subscription_id" integer,
	"status" char(1) DEFAULT 'A' NOT NULL,
	"rastreio" varchar(60),
	"enviado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" char(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"falha" varchar(30),
	"customer_id" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" varchar(120) PRIMARY KEY NOT NULL,
	"tipo" varchar(80) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" varchar(120);--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_orders" ADD CONSTRAINT "qrcode_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_orders" ADD CONSTRAINT "qrcode_orders_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_orders" ADD CONSTRAINT "qrcode_orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qrcode_orders" ADD CONSTRAINT "qrcode_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_nome_unique" ON "coupons" USING btree ("nome");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_plano_pendente_unique" ON "payments" USING btree ("user_id") WHERE "payments"."status" = 'pendente' and "payments"."tipo" in ('assinatura', 'troca_plano', 'renovacao');--> statement-breakpoint
CREATE INDEX "qrcode_orders_user_idx" ON "qrcode_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "qrcode_orders_status_idx" ON "qrcode_orders" USING btree ("status","created_at");