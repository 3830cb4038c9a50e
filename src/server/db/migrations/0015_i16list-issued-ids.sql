CREATE TABLE "issued_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"formatted" text NOT NULL,
	"value" bigint NOT NULL,
	"issued_by" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_ids_formatted_unique" UNIQUE("formatted")
);
--> statement-breakpoint
CREATE INDEX "issued_ids_issued_at_idx" ON "issued_ids" USING btree ("issued_at");