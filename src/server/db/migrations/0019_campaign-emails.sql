CREATE TABLE "campaign_emails" (
	"campaign_id" uuid NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "campaign_emails_campaign_id_language_pk" PRIMARY KEY("campaign_id","language"),
	CONSTRAINT "campaign_emails_language_ck" CHECK ("campaign_emails"."language" in ('en', 'de'))
);
--> statement-breakpoint
ALTER TABLE "campaign_emails" ADD CONSTRAINT "campaign_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;