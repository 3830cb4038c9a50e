-- The waiting list at scale (issue 16, decision 044). Searching the list by a part of an address
-- (`email LIKE '%…%'`, addresses are stored lowercased) uses a trigram index; pg_trgm was created by an
-- earlier migration (PostgreSQL ships it, PGlite loads it).
CREATE INDEX IF NOT EXISTS "waiting_list_email_trgm_idx" ON "waiting_list" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- The mail a subscriber was sent (their detail view, the export's proof of consent, a resend's throttle)
-- is found by address.
CREATE INDEX IF NOT EXISTS "mail_outbox_to_address_idx" ON "mail_outbox" USING btree ("to_address", "created_at");
