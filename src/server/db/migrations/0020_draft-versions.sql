CREATE TABLE "newsletter_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"newsletter_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	CONSTRAINT "newsletter_versions_draft_version_uq" UNIQUE("newsletter_id","version")
);
--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_versions" ADD CONSTRAINT "newsletter_versions_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;