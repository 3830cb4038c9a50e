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
ALTER TABLE "campaign_messages" DROP CONSTRAINT "campaign_messages_status_ck";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_ck";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_suppressions_created_idx" ON "mail_suppressions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_status_ck" CHECK ("campaign_messages"."status" in ('pending', 'sending', 'sent', 'failed', 'bounced', 'cancelled'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_ck" CHECK ("mail_outbox"."status" in ('pending', 'held', 'sending', 'sent', 'dead', 'suppressed'));