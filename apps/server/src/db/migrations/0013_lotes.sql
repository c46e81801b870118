CREATE TABLE "sticker_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"quantidade" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "virgin_codes" ADD COLUMN "lote_id" integer;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD CONSTRAINT "sticker_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virgin_codes" ADD CONSTRAINT "virgin_codes_lote_id_sticker_batches_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."sticker_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "virgin_codes_lote_idx" ON "virgin_codes" USING btree ("lote_id");