CREATE TABLE "replaced_codes" (
	"code" char(8) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "codigo_substituido" char(8);--> statement-breakpoint
ALTER TABLE "replaced_codes" ADD CONSTRAINT "replaced_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replaced_codes_user_idx" ON "replaced_codes" USING btree ("user_id");