CREATE TABLE "bubbles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"who_trusted" jsonb NOT NULL,
	"name" text NOT NULL,
	"when_label" text NOT NULL,
	"importance" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bubbles_category_ck" CHECK ("bubbles"."category" in ('Trust', 'Boundaries', 'Intimacy', 'Communication', 'Conflict', 'Self-Worth', 'Attachment', 'Vulnerability', 'Growth', 'Future')),
	CONSTRAINT "bubbles_importance_ck" CHECK ("bubbles"."importance" between 0 and 10),
	CONSTRAINT "bubbles_who_trusted_ck" CHECK (jsonb_typeof("bubbles"."who_trusted") = 'array')
);
--> statement-breakpoint
ALTER TABLE "bubbles" ADD CONSTRAINT "bubbles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bubbles_user_created_idx" ON "bubbles" USING btree ("user_id","created_at","id");