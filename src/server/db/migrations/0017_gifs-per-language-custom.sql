-- Campaigns started before GIFs were chosen per language (decision 048) sent one GIF to both languages,
-- shown 600 px wide; they keep it, with its height unknown.
UPDATE "campaigns"
SET "gifs" = jsonb_build_object(
  'en', jsonb_build_object('url', "gif_url", 'width', 600, 'height', null),
  'de', jsonb_build_object('url', "gif_url", 'width', 600, 'height', null)
)
WHERE "gif_url" IS NOT NULL;
