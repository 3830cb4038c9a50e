ALTER TABLE "waiting_list" ADD COLUMN "imported_by" text;--> statement-breakpoint
CREATE INDEX "waiting_list_status_created_idx" ON "waiting_list" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "waiting_list_language_created_idx" ON "waiting_list" USING btree ("language","created_at");