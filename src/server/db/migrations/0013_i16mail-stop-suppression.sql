CREATE TABLE "mail_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"source" text NOT NULL,
	"detail" text,
	"campaign_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_suppressions_reason_ck" CHECK ("mail_suppressions"."reason" in ('bounce', 'complaint')),
	CONSTRAINT "mail_suppressions_source_ck" CHECK ("mail_suppressions"."source" in ('smtp', 'webhook'))
);
--> statement-breakpoint
CREATE TABLE "mail_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text
);
--> statement-breakpoint
ALTER TABLE "campaign_messages" DROP CONSTRAINT "campaign_messages_status_ck";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_ck";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "rendered" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_versions" ADD CONSTRAINT "newsletter_versions_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_suppressions_created_idx" ON "mail_suppressions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_versions_uq" ON "newsletter_versions" USING btree ("newsletter_id","version");--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_status_ck" CHECK ("campaign_messages"."status" in ('pending', 'sending', 'sent', 'failed', 'bounced', 'cancelled'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_ck" CHECK ("mail_outbox"."status" in ('pending', 'held', 'sending', 'sent', 'dead', 'suppressed'));