CREATE TABLE "sandbox_charges" (
	"id" varchar(60) PRIMARY KEY NOT NULL,
	"idempotency_key" varchar(255) NOT NULL,
	"customer_id" varchar(120) NOT NULL,
	"payment_method_id" varchar(60) NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_charges_idempotency_key_unique" UNIQUE("idempotency_key")
);
