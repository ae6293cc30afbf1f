CREATE TABLE "admin_preferences" (
	"admin_id" uuid PRIMARY KEY NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"list_columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_preferences_theme_check" CHECK ("admin_preferences"."theme" in ('system', 'light', 'dark'))
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"shared" boolean DEFAULT false NOT NULL,
	"state" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "cities_name_key";--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "admin_preferences" ADD CONSTRAINT "admin_preferences_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_admins_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_personal_name_key" ON "saved_views" USING btree ("owner_id","list",lower("name")) WHERE not "saved_views"."shared";--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_shared_name_key" ON "saved_views" USING btree ("list",lower("name")) WHERE "saved_views"."shared";--> statement-breakpoint
CREATE INDEX "saved_views_list_idx" ON "saved_views" USING btree ("list","shared");--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_deleted_by_admins_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_trash_idx" ON "cities" USING btree ("deleted_at") WHERE "cities"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "faqs_trash_idx" ON "faqs" USING btree ("deleted_at") WHERE "faqs"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "feedback_trash_idx" ON "feedback" USING btree ("deleted_at") WHERE "feedback"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "notifications_trash_idx" ON "notifications" USING btree ("deleted_at") WHERE "notifications"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "places_trash_idx" ON "places" USING btree ("deleted_at") WHERE "places"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "sites_trash_idx" ON "sites" USING btree ("deleted_at") WHERE "sites"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_key" ON "cities" USING btree (lower(btrim("name"))) WHERE "cities"."deleted_at" is null;--> statement-breakpoint

-- The trash: a row with deleted_at set counts nowhere, as if deleted. The counting functions of
-- 0005, 0007 and 0012 are replaced by ones that leave trashed rows out (a table without the
-- column has none), so moving a row to the trash or back is an UPDATE that moves its counts.
CREATE OR REPLACE FUNCTION row_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, count(*)
    FROM (SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part FROM new_rows AS r WHERE to_jsonb(r) ->> 'deleted_at' IS NULL) AS d
    GROUP BY d.part ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, -count(*)
    FROM (SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part FROM old_rows AS r WHERE to_jsonb(r) ->> 'deleted_at' IS NULL) AS d
    GROUP BY d.part ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  ELSE -- UPDATE: a partition column changed, or the row went to the trash or came back
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, sum(d.delta)
    FROM (
      SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part, 1 AS delta FROM new_rows AS r WHERE to_jsonb(r) ->> 'deleted_at' IS NULL
      UNION ALL
      SELECT row_counts_part(to_jsonb(r), TG_ARGV), -1 FROM old_rows AS r WHERE to_jsonb(r) ->> 'deleted_at' IS NULL
    ) AS d
    GROUP BY d.part HAVING sum(d.delta) <> 0 ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Cities were counted without partitions, so no update could move their count; the trash can.
CREATE TRIGGER cities_row_counts_update AFTER UPDATE ON cities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track();
--> statement-breakpoint
ALTER TABLE cities ENABLE ALWAYS TRIGGER cities_row_counts_update;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  day_col text := TG_ARGV[1];
  cols text[] := TG_ARGV[2:];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM daily_counts AS c WHERE c.metric = TG_ARGV[0];
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO daily_counts AS c (metric, day, part, n)
    SELECT TG_ARGV[0], d.day, d.part, count(*)
    FROM (SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part FROM new_rows AS r
          WHERE to_jsonb(r) ->> 'deleted_at' IS NULL) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO daily_counts AS c (metric, day, part, n)
    SELECT TG_ARGV[0], d.day, d.part, -count(*)
    FROM (SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part FROM old_rows AS r
          WHERE to_jsonb(r) ->> 'deleted_at' IS NULL) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  ELSE -- UPDATE
    INSERT INTO daily_counts AS c (metric, day, part, n)
    SELECT TG_ARGV[0], d.day, d.part, sum(d.delta)
    FROM (
      SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part, 1 AS delta FROM new_rows AS r
      WHERE to_jsonb(r) ->> 'deleted_at' IS NULL
      UNION ALL
      SELECT daily_counts_day(to_jsonb(r), day_col), row_counts_part(to_jsonb(r), cols), -1 FROM old_rows AS r
      WHERE to_jsonb(r) ->> 'deleted_at' IS NULL
    ) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part HAVING sum(d.delta) <> 0 ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cities_site_count_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE cities SET site_count = 0 WHERE site_count <> 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT city_id, count(*) AS delta FROM new_rows WHERE deleted_at IS NULL GROUP BY city_id ORDER BY city_id LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT city_id, -count(*) AS delta FROM old_rows WHERE deleted_at IS NULL GROUP BY city_id ORDER BY city_id LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  ELSE -- UPDATE: a site moved to another city, or went to the trash or came back
    FOR d IN
      SELECT s.city_id, sum(s.delta) AS delta
      FROM (
        SELECT city_id, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT city_id, -1 FROM old_rows WHERE deleted_at IS NULL
      ) AS s
      GROUP BY s.city_id HAVING sum(s.delta) <> 0 ORDER BY s.city_id
    LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
