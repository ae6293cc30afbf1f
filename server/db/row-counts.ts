import { and, eq, getTableName, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'
import { rowCounts } from './schema'

/**
 * Exact counts of a table's rows without counting them: the row_counts table, which triggers
 * keep in step with every insert, update, delete and truncate (schema.ts, rowCounts; migration
 * 0005_row_counts_triggers). Counted tables: app_users by status, places by kind and status,
 * partners by type and status, feedback by type, notifications by send_to; cities (all of them) and sites by
 * city_id and status (migration 0007_cities_and_sites).
 */

/** The values some partition columns must have, by column name, e.g. `{ kind: 'petShop' }`. */
export type CountKey = Record<string, string | number>

/** The key of `column = value`: for a list source's scope and filter (`countKey(places.kind, kind)`). */
export const countKey = (column: PgColumn, value: string | number): CountKey => ({ [column.name]: value })

type CountQuery = { execute(values: { table: string; part: string }): Promise<{ n: number }[]> }

// One prepared statement per database handle (Drizzle builds its SQL once; node-postgres also
// prepares it once per connection).
const prepared = new WeakMap<Db, CountQuery>()

function countQuery(db: Db): CountQuery {
  let query = prepared.get(db)
  if (!query) {
    query = db
      .select({ n: sql`coalesce(sum(${rowCounts.n}), 0)`.mapWith(Number) })
      .from(rowCounts)
      .where(and(eq(rowCounts.tableName, sql.placeholder('table')), sql`${rowCounts.part} @> ${sql.placeholder('part')}::jsonb`))
      .prepare('row_count')
    prepared.set(db, query)
  }
  return query
}

/**
 * The rows of `table` whose partition columns hold the values of `key` (all rows for `{}`).
 * Only for counted tables and their partition columns: another table or column reads 0.
 */
export async function rowCount(db: Db, table: PgTable, key: CountKey = {}): Promise<number> {
  const [row] = await countQuery(db).execute({ table: getTableName(table), part: JSON.stringify(key) })
  return row?.n ?? 0
}
