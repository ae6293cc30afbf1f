import { and, asc, desc, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core'
import { LIST_COUNT_BOUND, type SortOrder } from '../../contract'
import type { Db } from './client'
import { rowCount, type CountKey } from './row-counts'
import type { SearchCounts } from './search-counts'

/**
 * One list query for every list of the panel (docs/ARCHITECTURE.md, A request): search, filter, sort and
 * paging from the contract's parsed list query, and the same order streamed in keyset batches
 * for the CSV exports.
 */

/** A sortable column: its SQL expression and the PostgreSQL type a keyset value is cast back to. */
export interface SortKey {
  expr: SQLWrapper
  type: 'text' | 'date' | 'timestamptz' | 'smallint' | 'integer'
}

export interface ListSource<Sort extends string, Filter> {
  /** The table counted for `total`. */
  table: PgTable
  /** The tie breaker (and the keyset's second half). */
  id: PgColumn
  /** sortOrder 0: newest first. */
  createdAt: PgColumn
  /** The list's allow-list (the contract's sortBy enum) mapped to expressions. */
  sortBy: Record<Sort, SortKey>
  /** Always applied, e.g. the kind of a place. */
  scope?: SQL
  /**
   * The condition for a LIKE pattern (already escaped, `%...%`); the pattern is lower-cased in SQL.
   * A search across tables unites the ids each table's index finds; `reading` lets it stop each
   * part after the rows a page or a count needs (searchBranches).
   */
  search: (pattern: SQL, reading?: SearchReading) => SQL
  /** The condition for the list's `filter` value. */
  filter: (value: Filter) => SQL
  /**
   * When the table is counted in row_counts (row-counts.ts): the partition `scope` selects, and
   * the one a `filter` value selects (the same columns and values as `scope` and `filter`).
   * A total without a search is then read there rather than counted; without `filter` here, a
   * filtered total is counted.
   */
  counted?: { scope?: CountKey; filter?: (value: Filter) => CountKey }
}

/** What the parsed contract list query carries (page and limit only matter to pages). */
export interface ListParams<Sort extends string, Filter> {
  page: number
  limit: number
  search: string
  sortBy?: Sort | undefined
  sortOrder: SortOrder
  filter?: Filter | undefined
  /** Only these rows (an export of chosen rows). */
  ids?: readonly string[] | undefined
}

/** `%`, `_` and `\` mean themselves in a search: LIKE's wildcards are escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`)

/** A substring search pattern for `expr LIKE likePattern(text)` (case-insensitive against a lower()ed expression). */
export const likePattern = (text: string): SQL => sql`lower(${`%${escapeLike(text)}%`})`

/** `expr LIKE pattern`: the search condition of an expression index's list. */
export const like = (expr: SQLWrapper, pattern: SQL): SQL => sql`${expr} like ${pattern}`

/** The query a resource runs for one page or batch: its own columns and joins, this filter and order. */
export interface PageQuery {
  where: SQL | undefined
  orderBy: SQL[]
  limit: number
  offset: number
  /** Select it as `sortKey`: the keyset of the CSV export reads it back. */
  sortKey: SQL<string>
}

/** The page query of a list that reads one table: `columns` and the sort key, for listPage and listBatches. */
export const pageRows =
  <Columns extends SelectedFields>(table: PgTable, columns: Columns) =>
  (db: Db) =>
  (p: PageQuery) =>
    db
      .select({ ...columns, sortKey: p.sortKey })
      .from(table)
      .where(p.where)
      .orderBy(...p.orderBy)
      .limit(p.limit)
      .offset(p.offset)

interface Order {
  key: SortKey
  direction: 1 | -1
}

function orderOf<Sort extends string>(source: ListSource<Sort, never>, q: Pick<ListParams<Sort, unknown>, 'sortBy' | 'sortOrder'>): Order {
  // sortOrder 0 is the list's own order, newest first, whatever sortBy says.
  if (q.sortOrder === 0) return { key: { expr: source.createdAt, type: 'timestamptz' }, direction: -1 }
  const key = q.sortBy ? source.sortBy[q.sortBy] : { expr: source.createdAt, type: 'timestamptz' as const }
  return { key, direction: q.sortOrder }
}

const orderBy = (source: ListSource<string, never>, order: Order): SQL[] => {
  const dir = order.direction === 1 ? asc : desc
  return [dir(order.key.expr as SQL), dir(source.id)]
}

/** How a search's matches are read: in this order, at most this many, beside these conditions. */
export interface SearchReading {
  /** The list's other conditions (scope, filter, chosen ids). */
  where: SQL | undefined
  /** Empty for a count. */
  orderBy: SQL[]
  limit: number
}

/**
 * A search over several tables: `id IN (branch UNION ALL branch ...)`, each branch the ids one
 * table's condition finds (`select id from ... where <condition>`). With a `reading`, each branch
 * takes the list's other conditions, its order and its limit, so a common word stops after a
 * page's rows in each branch and a rare one uses each branch's own index; without one (an
 * export), every match.
 */
export function searchBranches(id: PgColumn, branches: ((where: SQL | undefined) => SQL)[], reading: SearchReading | undefined): SQL {
  const tail = reading
    ? sql`${reading.orderBy.length ? sql` order by ${sql.join(reading.orderBy, sql`, `)}` : sql``} limit ${reading.limit}`
    : sql``
  return sql`${id} in (${sql.join(
    branches.map((branch) => sql`(${branch(reading?.where)}${tail})`),
    sql` union all `,
  )})`
}

/** The conditions of a list query: scope, filter and search (its matches read as `reading` says). */
export function listWhere<Sort extends string, Filter>(
  source: ListSource<Sort, Filter>,
  q: Pick<ListParams<Sort, Filter>, 'search' | 'filter' | 'ids'>,
  reading?: Omit<SearchReading, 'where'>,
): SQL | undefined {
  const where = and(source.scope, q.ids ? inArray(source.id, [...q.ids]) : undefined, q.filter !== undefined ? source.filter(q.filter) : undefined)
  return q.search !== '' ? and(where, source.search(likePattern(q.search), reading && { ...reading, where })) : where
}

const sortKeyOf = (order: Order): SQL<string> => sql<string>`(${order.key.expr})::text`

/** The row_counts partition of a list query, when its total can be read there rather than counted. */
function countedKey<Sort extends string, Filter>(source: ListSource<Sort, Filter>, q: ListParams<Sort, Filter>): CountKey | undefined {
  const counted = source.counted
  if (!counted || q.search !== '') return undefined
  if (q.filter === undefined) return { ...counted.scope }
  return counted.filter ? { ...counted.scope, ...counted.filter(q.filter) } : undefined
}

/** From this offset on, a page reads its rows' ids first (listPage). */
export const IDS_FIRST_OFFSET = 1000

/** One page and the total of matching rows; `totalIsLowerBound` when more rows match than were counted. */
export interface ListPageResult<Row> {
  rows: Row[]
  total: number
  totalIsLowerBound?: true
}

/**
 * One page of a list and the total of matching rows. A page past the end is empty, with the
 * right total. Ties in the sort are broken by id, so paging is stable. A page deep in the list
 * (from IDS_FIRST_OFFSET) finds its ids first, then reads their rows.
 *
 * The total costs as little as it can:
 * - without a search, on a counted table (`source.counted`), it is read from row_counts: a
 *   lookup instead of counting up to every row of the table. Knowing it first, a page in the
 *   back half of the list is read from the other end (the same rows in the reverse order,
 *   turned round), so the last page costs what the first does instead of stepping over a
 *   million rows;
 * - otherwise the page comes first, and when it proves the total (fewer rows than the limit, and
 *   either the first page or not empty: total = offset + rows), nothing is counted;
 * - only then are the matching rows counted, up to LIST_COUNT_BOUND: a search matching hundreds of
 *   thousands of rows answers "at least 1,000" rather than reading all of them, and a search
 *   found lately to match more than that is not counted again (search-counts.ts).
 */
export async function listPage<Sort extends string, Filter, Row>(
  { db, searchCounts }: { db: Db; searchCounts: SearchCounts },
  source: ListSource<Sort, Filter>,
  q: ListParams<Sort, Filter>,
  fetch: (page: PageQuery) => Promise<Row[]>,
): Promise<ListPageResult<Row>> {
  const order = orderOf(source, q)
  const offset = (q.page - 1) * q.limit
  const where = listWhere(source, q, { orderBy: orderBy(source, order), limit: offset + q.limit })
  const rowsAt = async (o: Order, limit: number, from: number): Promise<Row[]> => {
    const page = { where, orderBy: orderBy(source, o), limit, offset: from, sortKey: sortKeyOf(o) }
    if (from < IDS_FIRST_OFFSET) return fetch(page)
    // Deep in a list: the rows stepped over are read in the index alone (an index-only scan where
    // the index covers the filter and the order), then only the page's own rows.
    const ids = await db.select({ id: source.id }).from(source.table).where(where).orderBy(...page.orderBy).limit(limit).offset(from)
    if (ids.length === 0) return []
    return fetch({ ...page, where: inArray(source.id, ids.map((row) => row.id)), offset: 0 })
  }
  const key = countedKey(source, q)
  if (key && offset === 0) {
    const [rows, total] = await Promise.all([rowsAt(order, q.limit, 0), rowCount(db, source.table, key)])
    return { rows, total }
  }
  if (key) {
    const total = await rowCount(db, source.table, key)
    const remaining = total - offset
    if (remaining <= 0) return { rows: [], total }
    if (offset <= remaining) return { rows: await rowsAt(order, q.limit, offset), total }
    const take = Math.min(q.limit, remaining)
    const reversed = await rowsAt({ ...order, direction: order.direction === 1 ? -1 : 1 }, take, remaining - take)
    return { rows: reversed.reverse(), total }
  }
  const rows = await rowsAt(order, q.limit, offset)
  if (rows.length < q.limit && (rows.length > 0 || offset === 0)) return { rows, total: offset + rows.length }
  const matching = db
    .select({ one: sql`1` })
    .from(source.table)
    .where(listWhere(source, q, { orderBy: [], limit: LIST_COUNT_BOUND + 1 }))
    .limit(LIST_COUNT_BOUND + 1)
  const lowerBound = { rows, total: Math.max(LIST_COUNT_BOUND, offset + rows.length), totalIsLowerBound: true } as const
  const { sql: text, params } = matching.toSQL()
  const query = `${text}\n${JSON.stringify(params)}`
  // Read once at most: to check a remembered search, or to remember one.
  let total: Promise<number | undefined> | undefined
  const tableTotal = () => (total ??= source.counted ? rowCount(db, source.table, { ...source.counted.scope }) : Promise.resolve(undefined))
  const known = searchCounts.overBoundAt(query)
  if (known && known.tableTotal === (await tableTotal())) return lowerBound
  const n = await db.$count(matching.as('matching'))
  if (n <= LIST_COUNT_BOUND) {
    if (known) searchCounts.forget(query)
    return { rows, total: n }
  }
  searchCounts.rememberOverBound(query, await tableTotal())
  return lowerBound
}

export const EXPORT_BATCH_SIZE = 1000

/**
 * Every row of a list query, in its order, a batch at a time: keyset pagination on
 * (sort expression, id), so a batch costs the same at row 100,000 as at row 1 and at most two
 * batches are in memory. The next batch is asked for as soon as this one is read, so the database
 * works on it while this one is written out (PostgreSQL, another process, overlaps the two). The
 * last row's key is read back as text and cast to its type, so no precision is lost (timestamps
 * keep their microseconds).
 */
export async function* listBatches<Sort extends string, Filter, Row extends { id: string; sortKey: string }>(
  source: ListSource<Sort, Filter>,
  q: Omit<ListParams<Sort, Filter>, 'page' | 'limit'>,
  fetch: (page: PageQuery) => Promise<Row[]>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  const where = listWhere(source, q)
  const order = orderOf(source, q)
  const operator = sql.raw(order.direction === 1 ? '>' : '<')
  const batchAfter = (last: { sortKey: string; id: string } | undefined) =>
    fetch({
      where: and(
        where,
        last ? sql`(${order.key.expr}, ${source.id}) ${operator} (cast(${last.sortKey} as ${sql.raw(order.key.type)}), cast(${last.id} as uuid))` : undefined,
      ),
      orderBy: orderBy(source, order),
      limit: batchSize,
      offset: 0,
      sortKey: sortKeyOf(order),
    })
  let next: Promise<Row[]> | undefined = batchAfter(undefined)
  try {
    while (next) {
      const rows: Row[] = await next
      next = rows.length === batchSize ? batchAfter(rows[rows.length - 1]) : undefined
      if (rows.length > 0) yield rows
    }
  } finally {
    // A reader that stopped early leaves the batch read ahead unread: its failure is nobody's.
    next?.catch(() => {})
  }
}
