-- Stored upload addresses become paths relative to the panel (docs/DECISIONS.md, Uploads): an
-- address the built-in storage handed out, `<any http(s) origin>/uploads/<key>` (the origin the
-- admin's browser used when signing, or for the demo pictures the address guessed at the first
-- start), is rewritten to `/uploads/<key>`, which this server serves whatever host name it is
-- reached by. Only the server's own key shape, `<folder>/<yyyy>/<mm>/<uuid>.<ext>`, is taken;
-- any other address (a bucket's URL, another host's picture, a CMS page's) is left as it is.
-- Rows are read once: the WHERE clauses skip, cheaply, every row without such an address.
CREATE FUNCTION upload_path_of(address text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE
    WHEN address ~ '^https?://[^/?#@[:space:]]+/uploads/[a-z]+/[0-9]{4}/[0-9]{2}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z]+$'
    THEN regexp_replace(address, '^https?://[^/]+', '')
    ELSE address
  END
$$;
--> statement-breakpoint
-- Each string of a JSON array through upload_path_of (places' and sites' images), in order.
CREATE FUNCTION upload_paths_in(images jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE
AS $$
  SELECT coalesce(jsonb_agg(CASE WHEN jsonb_typeof(e) = 'string' THEN to_jsonb(upload_path_of(e #>> '{}')) ELSE e END ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements(images) WITH ORDINALITY AS t(e, n)
$$;
--> statement-breakpoint
UPDATE admins SET profile_image = upload_path_of(profile_image)
WHERE profile_image LIKE 'http%/uploads/%' AND profile_image <> upload_path_of(profile_image);
--> statement-breakpoint
UPDATE app_users SET profile_image = upload_path_of(profile_image)
WHERE profile_image LIKE 'http%/uploads/%' AND profile_image <> upload_path_of(profile_image);
--> statement-breakpoint
UPDATE places SET logo = upload_path_of(logo)
WHERE logo LIKE 'http%/uploads/%' AND logo <> upload_path_of(logo);
--> statement-breakpoint
UPDATE places SET images = upload_paths_in(images)
WHERE jsonb_typeof(images) = 'array' AND images::text LIKE '%"http%/uploads/%' AND images <> upload_paths_in(images);
--> statement-breakpoint
UPDATE sites SET images = upload_paths_in(images)
WHERE jsonb_typeof(images) = 'array' AND images::text LIKE '%"http%/uploads/%' AND images <> upload_paths_in(images);
--> statement-breakpoint
-- A pet's photos are objects ({ url }): each url through upload_path_of, the rest of the object kept.
UPDATE pets SET profile_photos = (
  SELECT coalesce(jsonb_agg(
    CASE WHEN jsonb_typeof(e -> 'url') = 'string' THEN jsonb_set(e, '{url}', to_jsonb(upload_path_of(e ->> 'url'))) ELSE e END
    ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements(profile_photos) WITH ORDINALITY AS t(e, n)
)
WHERE jsonb_typeof(profile_photos) = 'array' AND profile_photos::text LIKE '%"http%/uploads/%';
--> statement-breakpoint
DROP FUNCTION upload_paths_in(jsonb);
--> statement-breakpoint
DROP FUNCTION upload_path_of(text);
