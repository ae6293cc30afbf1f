-- The counting triggers (row_counts_track, daily_counts_track) read only the columns they count
-- by. They turned each changed row into JSON (to_jsonb of the whole row, search text and
-- pictures included, up to three times) to pick a few values out of it: about 23 us a row,
-- a quarter of the time a bulk insert of users took. They now build their statement for the
-- table's columns and run it (EXECUTE sees the statement's transition tables), grouping the
-- rows by those columns themselves. What they count, and the order in which they lock the
-- counters, stay as before.

-- The rows a statement changed, as `select <exprs>, delta`: +1 for each new row, -1 for each old
-- one, trashed rows left out (a table without deleted_at has none). `filter` narrows them further.
CREATE FUNCTION counts_changed_rows(op text, rel oid, exprs text[], filter text) RETURNS text
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  live text := CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = rel AND a.attname = 'deleted_at'
    AND a.attnum > 0 AND NOT a.attisdropped) THEN 'r.deleted_at IS NULL' ELSE 'true' END;
  list text := array_to_string(exprs, ', ');
  added text := format('SELECT %s%s1 AS delta FROM new_rows AS r WHERE %s AND %s', list, CASE WHEN list = '' THEN '' ELSE ', ' END, live, filter);
  removed text := format('SELECT %s%s-1 AS delta FROM old_rows AS r WHERE %s AND %s', list, CASE WHEN list = '' THEN '' ELSE ', ' END, live, filter);
BEGIN
  RETURN CASE op WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
END
$$;
--> statement-breakpoint

-- Each of `cols` as a quoted name after `prefix` (`r.` for the changed rows, `d.` for their groups).
CREATE FUNCTION counts_columns(cols text[], prefix text) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$ SELECT coalesce(array_agg(format('%s%I', prefix, c) ORDER BY o), ARRAY[]::text[]) FROM unnest(cols) WITH ORDINALITY AS u(c, o) $$;
--> statement-breakpoint

-- The partition of a group of rows, as row_counts_part made it from each row: {"kind": "petShop", ...}.
CREATE FUNCTION counts_part_expr(cols text[]) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$ SELECT format('jsonb_build_object(%s)', coalesce(string_agg(format('%L, d.%I', c, c), ', ' ORDER BY o), ''))
  FROM unnest(cols) WITH ORDINALITY AS u(c, o) $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION row_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  cols text[] := coalesce(TG_ARGV, ARRAY[]::text[]);
  groups text := coalesce(nullif(array_to_string(counts_columns(cols, 'd.'), ', '), ''), '()');
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM row_counts WHERE table_name = TG_TABLE_NAME;
  ELSE
    EXECUTE format('INSERT INTO row_counts AS c (table_name, part, n) '
      'SELECT %L, %s, sum(d.delta) FROM (%s) AS d GROUP BY %s HAVING sum(d.delta) <> 0 ORDER BY 2 '
      'ON CONFLICT (table_name, part) DO UPDATE SET n = c.n + excluded.n',
      TG_TABLE_NAME, counts_part_expr(cols), counts_changed_rows(TG_OP, TG_RELID, counts_columns(cols, 'r.'), 'true'), groups);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- TG_ARGV: the metric, the timestamp column that dates a row (a null one is not counted), then
-- the partition columns. The day is the UTC date.
CREATE OR REPLACE FUNCTION daily_counts_track() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  day_col text := TG_ARGV[1];
  cols text[] := coalesce(TG_ARGV[2:], ARRAY[]::text[]);
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM daily_counts AS c WHERE c.metric = TG_ARGV[0];
  ELSE
    EXECUTE format('INSERT INTO daily_counts AS c (metric, day, part, n) '
      'SELECT %L, d.day, %s, sum(d.delta) FROM (%s) AS d GROUP BY %s HAVING sum(d.delta) <> 0 ORDER BY 2, 3 '
      'ON CONFLICT (metric, day, part) DO UPDATE SET n = c.n + excluded.n',
      TG_ARGV[0], counts_part_expr(cols),
      counts_changed_rows(TG_OP, TG_RELID, ARRAY[format('(r.%I AT TIME ZONE ''UTC'')::date AS day', day_col)] || counts_columns(cols, 'r.'),
        format('r.%I IS NOT NULL', day_col)),
      array_to_string(ARRAY['d.day'] || counts_columns(cols, 'd.'), ', '));
  END IF;
  RETURN NULL;
END
$$;
