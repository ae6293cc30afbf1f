CREATE TABLE "daily_counts" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"part" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "daily_counts_metric_day_part_pk" PRIMARY KEY("metric","day","part")
);
--> statement-breakpoint
-- Recipients of notifications sent before deliveries were recorded count as delivered; new ones start pending.
ALTER TABLE "notification_recipients" ADD COLUMN "delivery" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_recipients" ALTER COLUMN "delivery" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "pending_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "status" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "partner_id" uuid;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "owner_name" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "owner_email" text;--> statement-breakpoint
ALTER TABLE "places" ADD COLUMN "owner_mobile_no" text;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_recipients_delivery_idx" ON "notification_recipients" USING btree ("notification_id","delivery","user_id");--> statement-breakpoint
CREATE INDEX "notifications_scheduled_due_idx" ON "notifications" USING btree ("scheduled_at") WHERE "notifications"."status" = 1;--> statement-breakpoint
CREATE INDEX "notifications_sent_at_idx" ON "notifications" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "partners_status_created_at_id_idx" ON "partners" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "partners_status_type_created_at_id_idx" ON "partners" USING btree ("status","type","created_at","id");--> statement-breakpoint
CREATE INDEX "partners_place_id_idx" ON "partners" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "partners_decided_by_idx" ON "partners" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "places_partner_id_key" ON "places" USING btree ("partner_id");--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_delivery_check" CHECK ("notification_recipients"."delivery" between 1 and 3);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" between 1 and 3);--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_scheduled_check" CHECK ("notifications"."status" <> 1 or "notifications"."scheduled_at" is not null);--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_status_check" CHECK ("partners"."status" between 1 and 3);--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_decision_check" CHECK (("partners"."status" = 1) = ("partners"."decided_at" is null));--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_draft_inactive_check" CHECK (not "places"."draft" or "places"."status" = 2);--> statement-breakpoint
UPDATE "notifications" SET "sent_at" = "created_at";
--> statement-breakpoint

-- A notification's recipients by delivery status (notifications.pending_count, delivered_count,
-- failed_count): one statement-level trigger per change of notification_recipients, so that
-- handing a million recipients to delivery updates each notification's counters once. Each
-- event has its own branch: a trigger may name both transition tables only on UPDATE.
CREATE FUNCTION notification_delivery_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE notifications SET pending_count = 0, delivered_count = 0, failed_count = 0
    WHERE pending_count <> 0 OR delivered_count <> 0 OR failed_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f FROM (SELECT notification_id AS id, delivery, -1 AS delta FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0);
  ELSE
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows UNION ALL SELECT notification_id, delivery, -1 FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_insert AFTER INSERT ON notification_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_delivery_counts_track();
--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_delete AFTER DELETE ON notification_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_delivery_counts_track();
--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_update AFTER UPDATE ON notification_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_delivery_counts_track();
--> statement-breakpoint
CREATE TRIGGER notification_recipients_counts_truncate AFTER TRUNCATE ON notification_recipients
  FOR EACH STATEMENT EXECUTE FUNCTION notification_delivery_counts_track();
--> statement-breakpoint
ALTER TABLE notification_recipients ENABLE ALWAYS TRIGGER notification_recipients_counts_insert,
  ENABLE ALWAYS TRIGGER notification_recipients_counts_delete, ENABLE ALWAYS TRIGGER notification_recipients_counts_update,
  ENABLE ALWAYS TRIGGER notification_recipients_counts_truncate;
--> statement-breakpoint
UPDATE notifications AS n SET delivered_count = c.n
FROM (SELECT notification_id, count(*) AS n FROM notification_recipients GROUP BY notification_id) AS c
WHERE n.id = c.notification_id;
--> statement-breakpoint

-- Partner requests are counted by type and status (the dashboard's pending count), no longer by type alone.
DROP TRIGGER partners_row_counts_insert ON partners;
--> statement-breakpoint
DROP TRIGGER partners_row_counts_delete ON partners;
--> statement-breakpoint
DROP TRIGGER partners_row_counts_truncate ON partners;
--> statement-breakpoint
DROP TRIGGER IF EXISTS partners_row_counts_update ON partners;
--> statement-breakpoint
SELECT row_counts_attach('partners', ARRAY['type', 'status']);
--> statement-breakpoint

-- Daily counts (daily_counts, see server/db/schema.ts) for the dashboard's charts. Like
-- row_counts_track, one upsert per (day, partition) per statement, in a fixed order. TG_ARGV:
-- the metric, the timestamp column that dates a row (a null one is not counted), then the
-- partition columns. The day is the UTC date.
CREATE FUNCTION daily_counts_day(r jsonb, col text) RETURNS date
LANGUAGE sql STABLE PARALLEL SAFE
AS $$ SELECT ((r ->> col)::timestamptz AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
CREATE FUNCTION daily_counts_track() RETURNS trigger
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
    FROM (SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part FROM new_rows AS r) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO daily_counts AS c (metric, day, part, n)
    SELECT TG_ARGV[0], d.day, d.part, -count(*)
    FROM (SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part FROM old_rows AS r) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  ELSE -- UPDATE
    INSERT INTO daily_counts AS c (metric, day, part, n)
    SELECT TG_ARGV[0], d.day, d.part, sum(d.delta)
    FROM (
      SELECT daily_counts_day(to_jsonb(r), day_col) AS day, row_counts_part(to_jsonb(r), cols) AS part, 1 AS delta FROM new_rows AS r
      UNION ALL
      SELECT daily_counts_day(to_jsonb(r), day_col), row_counts_part(to_jsonb(r), cols), -1 FROM old_rows AS r
    ) AS d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.part HAVING sum(d.delta) <> 0 ORDER BY d.day, d.part
    ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Starts counting `tbl` per day (see row_counts_attach: the same lock, so count and triggers meet).
-- `track_updates`: whether an update can move a row to another day or partition.
CREATE FUNCTION daily_counts_attach(tbl text, metric text, day_col text, cols text[], track_updates boolean) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  args text := (SELECT string_agg(quote_literal(a), ', ') FROM unnest(ARRAY[metric, day_col] || cols) AS a);
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_track(%s)', tbl || '_daily_counts_insert', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_track(%s)', tbl || '_daily_counts_delete', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_track(%s)', tbl || '_daily_counts_truncate', tbl, args);
  EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I',
    tbl, tbl || '_daily_counts_insert', tbl || '_daily_counts_delete', tbl || '_daily_counts_truncate');
  IF track_updates THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION daily_counts_track(%s)', tbl || '_daily_counts_update', tbl, args);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', tbl, tbl || '_daily_counts_update');
  END IF;
  DELETE FROM daily_counts AS c WHERE c.metric = daily_counts_attach.metric;
  EXECUTE format('INSERT INTO daily_counts (metric, day, part, n) '
    'SELECT %L, daily_counts_day(to_jsonb(t), %L), row_counts_part(to_jsonb(t), $1), count(*) FROM %I AS t '
    'WHERE t.%I IS NOT NULL GROUP BY 2, 3', metric, day_col, tbl, day_col) USING cols;
END
$$;
--> statement-breakpoint
SELECT daily_counts_attach('app_users', 'app_users', 'created_at', ARRAY[]::text[], false);
--> statement-breakpoint
SELECT daily_counts_attach('partners', 'partners', 'created_at', ARRAY['type', 'status'], true);
--> statement-breakpoint
SELECT daily_counts_attach('feedback', 'feedback', 'created_at', ARRAY['type', 'status'], true);
--> statement-breakpoint
SELECT daily_counts_attach('notifications', 'notifications', 'sent_at', ARRAY[]::text[], true);
--> statement-breakpoint

-- Live updates: any change to what the dashboard shows, by this server, another process or
-- another application writing to the same database, is announced on the data_changes channel
-- with the table's name (PostgreSQL sends one per transaction and payload). The event stream
-- (GET /admin/events) listens there.
CREATE FUNCTION data_changes_notify() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_notify('data_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_users_data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_users FOR EACH STATEMENT EXECUTE FUNCTION data_changes_notify();
--> statement-breakpoint
CREATE TRIGGER places_data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places FOR EACH STATEMENT EXECUTE FUNCTION data_changes_notify();
--> statement-breakpoint
CREATE TRIGGER partners_data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON partners FOR EACH STATEMENT EXECUTE FUNCTION data_changes_notify();
--> statement-breakpoint
CREATE TRIGGER feedback_data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feedback FOR EACH STATEMENT EXECUTE FUNCTION data_changes_notify();
--> statement-breakpoint
CREATE TRIGGER notifications_data_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notifications FOR EACH STATEMENT EXECUTE FUNCTION data_changes_notify();
