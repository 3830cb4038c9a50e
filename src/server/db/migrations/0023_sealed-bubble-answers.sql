-- A bubble's who ids become one sealed value (issue 35). Each row keeps the array's JSON text, in clear until
-- the start-up pass (operations/reseal-private-text.ts) seals it and its when_label; readers open both forms.
ALTER TABLE "bubbles" DROP CONSTRAINT "bubbles_who_trusted_ck";--> statement-breakpoint
ALTER TABLE "bubbles" ALTER COLUMN "who_trusted" SET DATA TYPE text USING "who_trusted"::text;