CREATE TABLE "shl_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"manifest_id" varchar(43) NOT NULL,
	"label" varchar(80) NOT NULL,
	"passcode_hash" text,
	"tentativas_restantes" smallint,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"jwe" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shl_links_manifest_id_unique" UNIQUE("manifest_id")
);
--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "shl_id" integer;--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD COLUMN "destinatario" varchar(200);--> statement-breakpoint
ALTER TABLE "shl_links" ADD CONSTRAINT "shl_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shl_links_user_idx" ON "shl_links" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "code_access_logs" ADD CONSTRAINT "code_access_logs_shl_id_shl_links_id_fk" FOREIGN KEY ("shl_id") REFERENCES "public"."shl_links"("id") ON DELETE set null ON UPDATE no action;