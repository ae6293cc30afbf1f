import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { CopyInto, Db } from '../db/client'

/**
 * Fast writes for seeding. Rows that nothing can conflict with go in by COPY, as CSV (copyRows).
 * Rows that may have to be skipped are gathered by COPY and inserted at the end in one statement
 * under `on conflict do nothing` (stageRows), or, where they cannot wait for the end, go in as one
 * JSON parameter a batch that PostgreSQL unpacks (json_populate_recordset, insertJson): several
 * times faster than a multi-row VALUES list on the embedded database, and no batch comes near the
 * 65,535 bound values a statement may carry.
 */

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The table's column names for the keys of `row` (the insert shape), and those keys. */
function columnsOf(table: PgTable, row: object) {
  const columns = getTableColumns(table)
  const keys = Object.keys(row).filter((key) => key in columns)
  return { keys, names: keys.map((key) => columns[key]!.name) }
}

/**
 * One value as a CSV field, in the text PostgreSQL reads for its column: no field for NULL,
 * every text quoted (so that an empty string is not NULL, and a value of \. cannot end the data),
 * JSON columns as their JSON text, times in ISO 8601 with their zone.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value)
  return `"${text.replaceAll('"', '""')}"`
}

/**
 * Writes `rows` (the table's insert shape; every row with the same keys) with COPY, through the
 * loading transaction's `copy`, into `table` or a table of its columns (`into`). Nothing may
 * conflict with rows already there: stage them (stageRows), or use insertJson, to skip such rows.
 */
export async function copyRows<T extends PgTable>(
  copy: CopyInto,
  table: T,
  rows: readonly T['$inferInsert'][],
  into = getTableName(table),
): Promise<void> {
  const first = rows[0]
  if (!first) return
  const { keys, names } = columnsOf(table, first)
  let csv = ''
  for (const row of rows) csv += `${keys.map((key) => csvField((row as Record<string, unknown>)[key])).join(',')}\n`
  await copy(into, names, csv)
}

/**
 * Rows for `table` gathered by COPY in a temporary table of its columns (no index, constraint or
 * default: nothing to check or update per batch), then inserted in one statement, in (created_at,
 * id) order, skipping those that break a unique index. One statement fires the table's
 * statement triggers once and fills its pages in creation order; batch after batch under
 * `on conflict`, the unique indexes were checked and updated 2,500 rows at a time, which slowed
 * down as the table grew. Run it inside the loading transaction (the temporary table goes at its
 * end).
 */
export async function stageRows<T extends PgTable>(db: Db, copy: CopyInto, table: T) {
  const staging = `${getTableName(table)}_staged`
  await db.execute(sql`create temp table ${sql.identifier(staging)} on commit drop as table ${table} with no data`)
  let columns: string[] | undefined
  return {
    name: staging,
    add: async (rows: readonly T['$inferInsert'][]) => {
      if (rows[0]) columns ??= columnsOf(table, rows[0]).names
      await copyRows(copy, table, rows, staging)
    },
    /** Moves the staged rows into the table; returns how many went in. */
    insert: async (): Promise<number> => {
      if (!columns) return 0
      const list = sql.raw(columns.map(quoted).join(', '))
      const result = await db.execute(
        sql`insert into ${table} (${list}) select ${list} from ${sql.identifier(staging)} order by created_at, id on conflict do nothing`,
      )
      return affectedRows(result)
    },
  }
}

/**
 * Inserts `rows` (the table's insert shape; every row with the same keys) in one statement and
 * returns how many went in. `onConflictDoNothing` skips rows that break a unique index.
 */
export async function insertJson<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  opts: { onConflictDoNothing?: boolean } = {},
): Promise<number> {
  const first = rows[0]
  if (!first) return 0
  const { keys, names } = columnsOf(table, first)
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null]))))
  const list = sql.raw(names.map(quoted).join(', '))
  const tableName = sql.raw(quoted(getTableName(table)))
  const conflict = opts.onConflictDoNothing ? sql` on conflict do nothing` : sql``
  const result = await db.execute(
    sql`insert into ${tableName} (${list}) select ${list} from json_populate_recordset(null::${tableName}, ${json}::json)${conflict}`,
  )
  return affectedRows(result)
}

/** Rows an INSERT/UPDATE/DELETE touched, from either driver's result. */
export function affectedRows(result: unknown): number {
  const r = result as { affectedRows?: number; rowCount?: number | null }
  return r.affectedRows ?? r.rowCount ?? 0
}

/**
 * Runs `load` with the tables' plain secondary indexes dropped, then builds them again: building
 * a trigram index once over 100,000 rows is much faster than updating it 100,000 times. A primary
 * key that no foreign key references goes too and is added back after (two million pets: a sort
 * instead of two million inserts at random places of the key). Unique indexes and the other
 * constraints stay (inserts rely on them; a referenced key would have its foreign keys checked
 * again). Run it inside a transaction, so that a failure leaves every index in place.
 */
export async function withIndexesRebuilt<R>(db: Db, tables: readonly PgTable[], load: () => Promise<R>): Promise<R> {
  const names = tables.map((t) => getTableName(t))
  const { rows: indexes } = (await db.execute(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = current_schema()
      and i.tablename in ${names}
      and not x.indisunique
      and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
  `)) as unknown as { rows: { name: string; definition: string }[] }
  const { rows: keys } = (await db.execute(sql`
    select t.relname as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class t on t.oid = k.conrelid
    where k.contype = 'p'
      and t.relnamespace = current_schema()::regnamespace
      and t.relname in ${names}
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.confrelid = k.conrelid)
  `)) as unknown as { rows: { table: string; name: string; definition: string }[] }
  for (const { name } of indexes) await db.execute(sql.raw(`drop index ${quoted(name)}`))
  for (const key of keys) await db.execute(sql.raw(`alter table ${quoted(key.table)} drop constraint ${quoted(key.name)}`))
  const result = await load()
  for (const key of keys) await db.execute(sql.raw(`alter table ${quoted(key.table)} add constraint ${quoted(key.name)} ${key.definition}`))
  for (const { definition } of indexes) await db.execute(sql.raw(definition))
  return result
}

/**
 * Rewrites `table` in (created_at, id) order. A platform's rows are stored about in the order
 * they arrived, while the generator draws each row's creation time at random: in creation order,
 * reading newest first (the lists' order, the CSV exports) touches the pages it would on a real
 * platform rather than a random page per row (the export of a million users: 41,000 rows/s on the
 * embedded database in random order, 52,000 in creation order). The order is the table's alone,
 * not its lists' indexes: places by (kind, created_at) would store every hospital before every
 * pet shop, where a platform's rows of both kinds arrive interleaved. CLUSTER builds each of the
 * table's indexes again, so call it while withIndexesRebuilt has them dropped.
 */
export async function putInCreationOrder(db: Db, table: PgTable): Promise<void> {
  const name = sql.identifier(getTableName(table))
  const index = sql.identifier(`${getTableName(table)}_creation_order_seed`)
  await db.execute(sql`create index ${index} on ${name} (created_at, id)`)
  await db.execute(sql`cluster ${name} using ${index}`)
  await db.execute(sql`drop index ${index}`)
}
