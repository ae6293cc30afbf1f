import { sql, type SQL } from 'drizzle-orm'
import { INTEGRATION_MSG, type IntegrationWrite, type WriteResult } from '../../contract/integration'
import { ApiError } from '../api-error'
import type { Db } from '../db/client'

/**
 * What a write did to one record of a batch: written (with the panel's id), or refused with the
 * message a person reads and the fields it is about. A batch answers one outcome per record, in
 * the order given.
 */
export type Outcome =
  | { externalId: string; id: string; result: WriteResult }
  | {
      externalId: string
      error: { message: string; fields?: Record<string, string> }
    }

/** A batch writer: one outcome per record, in order. The records' externalIds differ. */
export type BatchWrite<T> = (db: Db, records: readonly T[]) => Promise<Outcome[]>

/** The rows a raw statement returned, on either driver (both answer `{ rows }`). */
export const rowsOf = <T>(answer: unknown): T[] => (answer as { rows: T[] }).rows

export type ExternalTable = 'app_users' | 'pets' | 'feedback' | 'partners'

/** A table's upsert by external_id: its columns (name and SQL type) as the records carry them. */
export interface UpsertSpec {
  table: ExternalTable
  /** external_id first; then the columns the platform owns, which an update may change. */
  columns: readonly (readonly [name: string, type: string])[]
}

/**
 * The upsert of a batch in one statement: `insert ... select from json_to_recordset(<one
 * parameter: the batch as a JSON array>) on conflict (external_id) do update ... where the row
 * differs ... returning`. One parameter, so the statement's text is the same whatever the batch's
 * size and costs nothing to build; a row that already held exactly that is not touched (no new
 * row version, no trigger work) and not returned.
 */
export function upsertStatement({ table, columns }: UpsertSpec): (json: string) => SQL {
  const names = columns.map(([name]) => name)
  const owned = names.filter((name) => name !== 'external_id')
  const head = sql.raw(`insert into ${table} as t (${names.join(', ')}) select ${names.join(', ')} from json_to_recordset(`)
  const tail = sql.raw(
    `::json) as r(${columns.map(([name, type]) => `${name} ${type}`).join(', ')})
     on conflict (external_id) do update set ${owned.map((n) => `${n} = excluded.${n}`).join(', ')}
     where (${owned.map((n) => `t.${n}`).join(', ')}) is distinct from (${owned.map((n) => `excluded.${n}`).join(', ')})
     returning t.id, t.external_id, (t.xmax = 0) as created`,
  )
  return (json) => sql`${head}${json}${tail}`
}

/** The ids of records by externalId. */
export async function idsOf(db: Db, table: ExternalTable, externalIds: readonly string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map()
  const rows = rowsOf<{ id: string; external_id: string }>(
    await db.execute(
      sql`select id, external_id from ${sql.identifier(table)} where external_id in (select json_array_elements_text(${JSON.stringify(externalIds)}::json))`,
    ),
  )
  return new Map(rows.map((r) => [r.external_id, r.id]))
}

/**
 * Runs an upsert statement over records (snake_case keys, external_id among them) and answers
 * each one's outcome: a returned row was created (xmax = 0: it has no earlier version) or
 * updated; a record not returned already held exactly that (its id is read back).
 */
export async function upsertRecords(
  db: Db,
  table: ExternalTable,
  statement: (json: string) => SQL,
  records: readonly { external_id: string }[],
): Promise<Outcome[]> {
  if (records.length === 0) return []
  const returned = rowsOf<{
    id: string
    external_id: string
    created: boolean
  }>(await db.execute(statement(JSON.stringify(records))))
  const written = new Map(returned.map((r) => [r.external_id, r]))
  const existing = await idsOf(
    db,
    table,
    records.map((r) => r.external_id).filter((id) => !written.has(id)),
  )
  return records.map(({ external_id: externalId }) => {
    const row = written.get(externalId)
    if (row)
      return {
        externalId,
        id: row.id,
        result: row.created ? 'created' : 'updated',
      }
    return { externalId, id: existing.get(externalId)!, result: 'unchanged' }
  })
}

/**
 * The upsert of one record whose row the panel may have acted on already (`settled`, a condition
 * on the table's row): the same record again is unchanged, but a changed one is refused with
 * `refusal`, so what an admin decided on is what the platform sent. The row is locked from the
 * look to the write, so a decision cannot come in between.
 */
export async function upsertUnlessSettled(
  db: Db,
  table: ExternalTable,
  statement: (json: string) => SQL,
  record: { external_id: string },
  settled: SQL,
  refusal: { message: string; fields?: Record<string, string> },
): Promise<Outcome> {
  const refused = Symbol('settled')
  try {
    return await db.transaction(async (tx) => {
      const [held] = rowsOf<{ settled: boolean }>(
        await tx.execute(sql`select ${settled} as settled from ${sql.identifier(table)} where external_id = ${record.external_id} for update`),
      )
      const [outcome] = await upsertRecords(tx, table, statement, [record])
      if (held?.settled && outcome && 'result' in outcome && outcome.result === 'updated') throw refused // rolled back
      return outcome!
    })
  } catch (err) {
    if (err === refused) return { externalId: record.external_id, error: refusal }
    throw err
  }
}

/**
 * A batch whose statement PostgreSQL refused for one record's sake (a unique value another row
 * holds): each record again on its own, so that only that one is refused. `refusal` names the
 * records' faults it knows (else the error goes up: the batch is not written).
 */
export async function eachOnItsOwn<T extends { external_id: string }>(
  records: readonly T[],
  writeOne: (record: T) => Promise<Outcome>,
  refusal: (err: unknown) => { message: string; fields?: Record<string, string> } | undefined,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const record of records) {
    try {
      outcomes.push(await writeOne(record))
    } catch (err) {
      const error = refusal(err)
      if (!error) throw err
      outcomes.push({ externalId: record.external_id, error })
    }
  }
  return outcomes
}

/**
 * A single write's answer (`integrationWrite`), or its refusal as the call's error: a user the
 * panel does not know is 404, a value another record holds (a username, an email) 409, each with
 * the field it is about.
 */
export function writtenOrRefused(outcome: Outcome): IntegrationWrite {
  if (!('error' in outcome)) return { _id: outcome.id, externalId: outcome.externalId, result: outcome.result }
  const { message, fields } = outcome.error
  if (message === INTEGRATION_MSG.unknownUser) throw new ApiError(404, 'NOT_FOUND', message, fields)
  throw new ApiError(409, 'CONFLICT', message, fields)
}
