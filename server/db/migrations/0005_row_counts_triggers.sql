-- Row counts (row_counts, see server/db/schema.ts): triggers keep an exact count of the rows of
-- each listed table, per partition (the values of some of its columns), and the rows already
-- there are counted once here. Read by server/db/row-counts.ts; a list's partitions are named
-- next to its list source (server/routes/*.ts) and must be the columns given below.

-- The partition of a row (as jsonb): its values of the columns `cols`, e.g. {"kind": "petShop", "status": 1}.
CREATE FUNCTION row_counts_part(r jsonb, cols text[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT coalesce(jsonb_object_agg(c, r -> c), '{}'::jsonb) FROM unnest(cols) AS c $$;
--> statement-breakpoint

-- One statement's change to row_counts: a statement-level trigger sees every row the statement
-- inserted, deleted or updated at once (transition tables), so a 2,500-row insert of the seed
-- makes one upsert per partition, not 2,500. An UPDATE only moves counts when it changes a
-- partition column (a status toggle); other updates net to nothing and write nothing. Upserts
-- lock the counters in a fixed order (by part) so that two statements cannot deadlock on them.
-- The trigger's arguments are the table's partition columns.
CREATE FUNCTION row_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, count(*)
    FROM (SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part FROM new_rows AS r) AS d
    GROUP BY d.part ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, -count(*)
    FROM (SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part FROM old_rows AS r) AS d
    GROUP BY d.part ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  ELSIF cardinality(TG_ARGV) > 0 THEN -- UPDATE
    INSERT INTO row_counts AS c (table_name, part, n)
    SELECT TG_TABLE_NAME, d.part, sum(d.delta)
    FROM (
      SELECT row_counts_part(to_jsonb(r), TG_ARGV) AS part, 1 AS delta FROM new_rows AS r
      UNION ALL
      SELECT row_counts_part(to_jsonb(r), TG_ARGV), -1 FROM old_rows AS r
    ) AS d
    GROUP BY d.part HAVING sum(d.delta) <> 0 ORDER BY d.part
    ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Starts counting `tbl` by the columns `cols`: its triggers, then its current rows.
--
-- The table is locked first (SHARE ROW EXCLUSIVE: reads go on, writes wait until the migration
-- commits), so the count and the triggers meet exactly: no write of another process can fall
-- between them. The triggers are ENABLE ALWAYS: they also fire under
-- session_replication_role = replica (the bulk seed, server/db/seed.ts, runs so).
CREATE FUNCTION row_counts_attach(tbl text, cols text[]) RETURNS void
LANGUAGE plpgsql
AS $$
DECLARE
  args text := (SELECT coalesce(string_agg(quote_literal(c), ', '), '') FROM unnest(cols) AS c);
BEGIN
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', tbl);
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%s)', tbl || '_row_counts_insert', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
    'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%s)', tbl || '_row_counts_delete', tbl, args);
  EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track()', tbl || '_row_counts_truncate', tbl);
  EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I, ENABLE ALWAYS TRIGGER %I',
    tbl, tbl || '_row_counts_insert', tbl || '_row_counts_delete', tbl || '_row_counts_truncate');
  IF cardinality(cols) > 0 THEN
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION row_counts_track(%s)', tbl || '_row_counts_update', tbl, args);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', tbl, tbl || '_row_counts_update');
  END IF;
  DELETE FROM row_counts WHERE table_name = tbl;
  EXECUTE format('INSERT INTO row_counts (table_name, part, n) '
    'SELECT %L, row_counts_part(to_jsonb(t), $1), count(*) FROM %I AS t GROUP BY 2', tbl, tbl) USING cols;
END
$$;
--> statement-breakpoint

-- The listed tables and the columns their lists filter on (their scope and `filter`).
SELECT row_counts_attach('app_users', ARRAY['status']);
--> statement-breakpoint
SELECT row_counts_attach('places', ARRAY['kind', 'status']);
--> statement-breakpoint
SELECT row_counts_attach('partners', ARRAY['type']);
--> statement-breakpoint
SELECT row_counts_attach('feedback', ARRAY['type']);
--> statement-breakpoint
SELECT row_counts_attach('notifications', ARRAY['send_to']);
