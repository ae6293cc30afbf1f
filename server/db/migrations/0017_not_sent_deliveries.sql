ALTER TABLE "notification_recipients" DROP CONSTRAINT "notification_recipients_delivery_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "not_sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_delivery_check" CHECK ("notification_recipients"."delivery" between 1 and 4);--> statement-breakpoint

-- "Not sent" (delivery 4): a recipient no push service was configured to take, counted in
-- notifications.not_sent_count. The counting trigger of 0012, with the fourth status.
CREATE OR REPLACE FUNCTION notification_delivery_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE notifications SET pending_count = 0, delivered_count = 0, failed_count = 0, not_sent_count = 0
    WHERE pending_count <> 0 OR delivered_count <> 0 OR failed_count <> 0 OR not_sent_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u
        FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u
        FROM (SELECT notification_id AS id, delivery, -1 AS delta FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0);
  ELSE
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u
        FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows UNION ALL SELECT notification_id, delivery, -1 FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Until now no push service could be configured: every "delivered" so far was the log adapter's
-- (or 0012's for older rows, or the demo seed's), and nobody received it. They become what
-- happened: not sent, never attempted.
UPDATE notification_recipients SET delivery = 4, attempts = 0, error = 'No push service is configured', delivered_at = NULL
WHERE delivery = 2;
