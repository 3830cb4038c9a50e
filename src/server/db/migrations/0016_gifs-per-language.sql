CREATE TABLE "newsletter_gifs" (
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"object_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" text,
	CONSTRAINT "newsletter_gifs_kind_language_pk" PRIMARY KEY("kind","language"),
	CONSTRAINT "newsletter_gifs_kind_ck" CHECK ("newsletter_gifs"."kind" in ('newsletter', 'gdpr')),
	CONSTRAINT "newsletter_gifs_language_ck" CHECK ("newsletter_gifs"."language" in ('en', 'de')),
	CONSTRAINT "newsletter_gifs_size_ck" CHECK ("newsletter_gifs"."width" > 0 and "newsletter_gifs"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "gifs" jsonb DEFAULT '{"en":null,"de":null}'::jsonb NOT NULL;