CREATE TABLE "email_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"global_bcc" text,
	"auto_send" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_settings_singleton_ck" CHECK ("email_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_key" text NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"bcc" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text_body" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_message_key_unique" UNIQUE("message_key"),
	CONSTRAINT "mail_outbox_status_ck" CHECK ("mail_outbox"."status" in ('pending', 'sending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"file_path" text NOT NULL,
	"thumbnail_path" text,
	"duration_seconds" real,
	"file_size" bigint NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"text_key" text NOT NULL,
	"locale" text NOT NULL,
	"draft_value" text,
	"live_value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "cms_texts_locale_ck" CHECK ("cms_texts"."locale" in ('en', 'de'))
);
--> statement-breakpoint
CREATE TABLE "waiting_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_text_version" text NOT NULL,
	"consent_ip_hash" text,
	"consent_user_agent" text,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "waiting_list_email_unique" UNIQUE("email"),
	CONSTRAINT "waiting_list_email_lower_ck" CHECK ("waiting_list"."email" = lower("waiting_list"."email")),
	CONSTRAINT "waiting_list_language_ck" CHECK ("waiting_list"."language" in ('en', 'de')),
	CONSTRAINT "waiting_list_status_ck" CHECK ("waiting_list"."status" in ('unconfirmed', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("is_published","is_featured","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_texts_page_key_locale_uq" ON "cms_texts" USING btree ("page","text_key","locale");--> statement-breakpoint
CREATE INDEX "waiting_list_created_at_idx" ON "waiting_list" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "email_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
