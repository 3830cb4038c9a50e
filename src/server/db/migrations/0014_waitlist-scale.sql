CREATE TABLE "issued_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"formatted" text NOT NULL,
	"value" bigint NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_ids_formatted_unique" UNIQUE("formatted")
);
--> statement-breakpoint
ALTER TABLE "waiting_list" ADD COLUMN "imported_by" text;--> statement-breakpoint
CREATE INDEX "issued_ids_issued_at_idx" ON "issued_ids" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "waiting_list_status_created_idx" ON "waiting_list" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_language_created_idx" ON "waiting_list" USING btree ("language","created_at");