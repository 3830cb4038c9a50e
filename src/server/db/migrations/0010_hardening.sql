CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"last_refused" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_throttles_expires_at_idx" ON "login_throttles" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "locked_until";