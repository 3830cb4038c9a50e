-- Roles came with issue 13: every staff account that existed before them could do everything, so each one
-- becomes an owner. Accounts made afterwards get the role they were invited with (the column's default,
-- 'editor', is only the safe fallback).
UPDATE "staff_accounts" SET "role" = 'owner';
