CREATE TABLE "reminder_schedules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone,
	"due_on" date,
	"last_sent_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ALTER COLUMN "status" SET DEFAULT 'started';--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "source" text DEFAULT 'computed' NOT NULL;--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "days_reflected" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "summaries" ADD COLUMN "words" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "weeks" ADD COLUMN "insight_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weeks" ADD COLUMN "insight_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_schedules" ADD CONSTRAINT "reminder_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_schedules_due_idx" ON "reminder_schedules" USING btree ("due_at") WHERE "reminder_schedules"."due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "summaries_week_uq" ON "summaries" USING btree ("week_id");--> statement-breakpoint
CREATE INDEX "weeks_insight_due_idx" ON "weeks" USING btree ("insight_due_at") WHERE "weeks"."insight_due_at" is not null;--> statement-breakpoint
ALTER TABLE "summaries" ADD CONSTRAINT "summaries_source_ck" CHECK ("summaries"."source" in ('computed', 'ai'));