CREATE TABLE "campaign_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"entry_id" uuid,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_messages_status_ck" CHECK ("campaign_messages"."status" in ('pending', 'sending', 'sent', 'failed', 'cancelled')),
	CONSTRAINT "campaign_messages_language_ck" CHECK ("campaign_messages"."language" in ('en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newsletter_id" uuid,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"gif_url" text,
	"status" text DEFAULT 'sending' NOT NULL,
	"rate_per_second" integer NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"recipients_en" integer NOT NULL,
	"recipients_de" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "campaigns_status_ck" CHECK ("campaigns"."status" in ('sending', 'paused', 'completed', 'cancelled')),
	CONSTRAINT "campaigns_rate_ck" CHECK ("campaigns"."rate_per_second" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_messages_recipient_uq" ON "campaign_messages" USING btree ("campaign_id","email","language");--> statement-breakpoint
CREATE INDEX "campaign_messages_due_idx" ON "campaign_messages" USING btree ("campaign_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at" DESC NULLS LAST);