-- "No device" (delivery 5): a recipient with no device registered for push, counted in
-- notifications.no_device_count. The counting trigger of 0017, with the fifth status.
CREATE OR REPLACE FUNCTION notification_delivery_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE notifications SET pending_count = 0, delivered_count = 0, failed_count = 0, not_sent_count = 0, no_device_count = 0
    WHERE pending_count <> 0 OR delivered_count <> 0 OR failed_count <> 0 OR not_sent_count <> 0 OR no_device_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u, no_device_count = n.no_device_count + t.x
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u,
        coalesce(sum(delta) FILTER (WHERE delivery = 5), 0) AS x
        FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0 OR t.x <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u, no_device_count = n.no_device_count + t.x
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u,
        coalesce(sum(delta) FILTER (WHERE delivery = 5), 0) AS x
        FROM (SELECT notification_id AS id, delivery, -1 AS delta FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0 OR t.x <> 0);
  ELSE
    UPDATE notifications AS n SET pending_count = n.pending_count + t.p, delivered_count = n.delivered_count + t.d,
      failed_count = n.failed_count + t.f, not_sent_count = n.not_sent_count + t.u, no_device_count = n.no_device_count + t.x
    FROM (SELECT id, coalesce(sum(delta) FILTER (WHERE delivery = 1), 0) AS p, coalesce(sum(delta) FILTER (WHERE delivery = 2), 0) AS d,
        coalesce(sum(delta) FILTER (WHERE delivery = 3), 0) AS f, coalesce(sum(delta) FILTER (WHERE delivery = 4), 0) AS u,
        coalesce(sum(delta) FILTER (WHERE delivery = 5), 0) AS x
        FROM (SELECT notification_id AS id, delivery, 1 AS delta FROM new_rows UNION ALL SELECT notification_id, delivery, -1 FROM old_rows) AS c GROUP BY id) AS t
    WHERE n.id = t.id AND (t.p <> 0 OR t.d <> 0 OR t.f <> 0 OR t.u <> 0 OR t.x <> 0);
  END IF;
  RETURN NULL;
END
$$;
