CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"site_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cities_site_count_check" CHECK ("cities"."site_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_status_check" CHECK ("sites"."status" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_key" ON "cities" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "cities_created_at_id_idx" ON "cities" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "cities_name_sort_idx" ON "cities" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "cities_site_count_sort_idx" ON "cities" USING btree ("site_count","id");--> statement-breakpoint
CREATE INDEX "cities_search_trgm_idx" ON "cities" USING gin (lower(coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_city_id_created_at_id_idx" ON "sites" USING btree ("city_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sites_city_id_name_sort_idx" ON "sites" USING btree ("city_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "sites_created_at_id_idx" ON "sites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sites_search_trgm_idx" ON "sites" USING gin (lower(coalesce("name", '') || E'\n' || coalesce("address", '')) gin_trgm_ops);--> statement-breakpoint

-- A city's site_count (server/db/schema.ts, cities): the number of its sites, kept by statement-
-- level triggers on sites in the same transaction as the change, so that it is exact and as
-- visible as the sites themselves, with any number of server processes on one PostgreSQL. As in
-- 0005_row_counts_triggers: one update per city a statement touched (transition tables), the
-- cities locked in a fixed order (by id) so that two statements cannot deadlock on them, and the
-- triggers ENABLE ALWAYS so that they also fire under session_replication_role = replica.
CREATE FUNCTION cities_site_count_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE cities SET site_count = 0 WHERE site_count <> 0;
    RETURN NULL;
  END IF;
  -- The change per city, in the order the cities are locked (each branch names only the
  -- transition tables its trigger has).
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT city_id, count(*) AS delta FROM new_rows GROUP BY city_id ORDER BY city_id LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT city_id, -count(*) AS delta FROM old_rows GROUP BY city_id ORDER BY city_id LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  ELSE -- UPDATE: only a site moved to another city changes counts
    FOR d IN
      SELECT s.city_id, sum(s.delta) AS delta
      FROM (SELECT city_id, 1 AS delta FROM new_rows UNION ALL SELECT city_id, -1 FROM old_rows) AS s
      GROUP BY s.city_id HAVING sum(s.delta) <> 0 ORDER BY s.city_id
    LOOP
      UPDATE cities SET site_count = site_count + d.delta WHERE id = d.city_id;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sites_site_count_insert AFTER INSERT ON sites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cities_site_count_track();
--> statement-breakpoint
CREATE TRIGGER sites_site_count_delete AFTER DELETE ON sites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cities_site_count_track();
--> statement-breakpoint
CREATE TRIGGER sites_site_count_update AFTER UPDATE ON sites REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cities_site_count_track();
--> statement-breakpoint
CREATE TRIGGER sites_site_count_truncate AFTER TRUNCATE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION cities_site_count_track();
--> statement-breakpoint
ALTER TABLE sites ENABLE ALWAYS TRIGGER sites_site_count_insert, ENABLE ALWAYS TRIGGER sites_site_count_delete,
  ENABLE ALWAYS TRIGGER sites_site_count_update, ENABLE ALWAYS TRIGGER sites_site_count_truncate;
--> statement-breakpoint

-- The list totals without a search come from row_counts (0005_row_counts_triggers): all cities,
-- and sites by city and status (the site list's scope and filter).
SELECT row_counts_attach('cities', ARRAY[]::text[]);
--> statement-breakpoint
SELECT row_counts_attach('sites', ARRAY['city_id', 'status']);
