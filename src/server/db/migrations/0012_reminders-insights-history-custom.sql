-- Issue 14, on data written before it. Every statement is safe to run again.

-- Honest day states: opening a day no longer completes it. Entries that were "completed" on opening but
-- hold fewer than 10 characters (trimmed) become "started"; day 4 stays completed where its lane was chosen
-- (the week's day 5 has a lane topic), since choosing is what completes it.
UPDATE "entries" AS e
SET "status" = 'started'
FROM "weeks" AS w
WHERE w."id" = e."week_id"
  AND e."status" = 'completed'
  AND CASE
    WHEN e."day" = 4 THEN coalesce(w."structure" -> 'topics' ->> '5', '') NOT LIKE 'lane:%'
    ELSE char_length(regexp_replace(e."content_text", '^\s+|\s+$', '', 'g')) < 10
  END;
--> statement-breakpoint
-- Every existing week gets its insight: due at midnight after its Sunday in the person's zone (a zone
-- PostgreSQL does not know counts as UTC). Weeks long past are made by the workers soon after the upgrade.
UPDATE "weeks" AS w
SET "insight_due_at" = ((w."end_date" + 1)::timestamp AT TIME ZONE coalesce(
  (SELECT p."time_zone" FROM "profiles" AS p
   WHERE p."user_id" = w."user_id" AND p."time_zone" IN (SELECT "name" FROM pg_timezone_names)),
  'UTC'))
WHERE w."insight_due_at" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "summaries" AS s WHERE s."week_id" = w."id");
--> statement-breakpoint
-- AI insights will send a week's text to the operator's model, which the old switch ("Let Mirror suggest
-- weekly insights") never said: nobody is opted in without reading what is sent where (decision 027).
UPDATE "profiles"
SET "profile_v0" = jsonb_set("profile_v0", '{ai_enabled}', 'false'::jsonb)
WHERE ("profile_v0" ->> 'ai_enabled')::boolean IS TRUE;
