CREATE TABLE "login_failures" (
	"email_hash" char(64) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_updated_at_idx" ON "login_failures" USING btree ("updated_at");