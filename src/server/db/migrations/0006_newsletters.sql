CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text,
	CONSTRAINT "newsletters_kind_ck" CHECK ("newsletters"."kind" in ('newsletter', 'gdpr'))
);
--> statement-breakpoint
CREATE INDEX "newsletters_kind_updated_idx" ON "newsletters" USING btree ("kind","updated_at" DESC NULLS LAST);