-- Roles came with issue 13: every staff account that existed before them could do everything, so each one
-- becomes an owner. Accounts made afterwards get the role they were invited with (the column's default,
-- 'editor', is only the safe fallback).
UPDATE "staff_accounts" SET "role" = 'owner';--> statement-breakpoint
-- Searching the People list by any part of an address with 100,000 accounts (decision 023): a trigram index
-- serves `email ILIKE '%…%'`. pg_trgm ships with PostgreSQL and is a trusted extension (the database's
-- owner may create it); PGlite loads it (db/client.ts). Not in the Drizzle schema: drizzle-kit would create
-- the index before the extension exists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
