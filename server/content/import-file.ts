import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  parseCsv,
  type ImportKind,
  type ImportRowStatus,
} from '../../contract'
import { importRowSchema, type ImportRowValues } from '../../contract'
import { badRequest } from '../api-error'

/** One row of an import file, read and checked against its kind's rules. */
export type ReadRow<K extends ImportKind> =
  | { line: number; name: string; status: 'valid'; values: ImportRowValues<K>; errors: Record<string, never> }
  | { line: number; name: string; status: Extract<ImportRowStatus, 'invalid'>; errors: Record<string, string> }

/**
 * Reads an import file: its header must name the kind's columns (any case, any order), each row
 * has as many cells, and each row is checked with the kind's row schema (contract/input/imports.ts),
 * the first message per column kept. A fault of the whole file is a 400 and nothing is read.
 */
export function readImportFile<K extends ImportKind>(kind: K, csv: string): ReadRow<K>[] {
  const table = parseCsv(csv)
  if (!table) throw badRequest(IMPORT_MSG.unreadable)
  const [header, ...body] = table
  if (!header || body.length === 0) throw badRequest(IMPORT_MSG.empty)
  if (body.length > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows)
  const columns: readonly string[] = IMPORT_COLUMNS[kind]
  const byName = new Map(columns.map((name) => [name.toLowerCase(), name]))
  const order = header.map((cell) => byName.get(cell.trim().toLowerCase()))
  if (order.length !== columns.length || new Set(order).size !== columns.length || order.includes(undefined)) {
    throw badRequest(IMPORT_MSG.columns(kind))
  }
  const schema = importRowSchema[kind]
  return body.map((cells, index) => {
    const line = index + 2
    const record = Object.fromEntries(order.map((name, i) => [name!, cells[i] ?? '']))
    const name = (record.Name ?? '').trim()
    if (cells.length !== columns.length) return { line, name, status: 'invalid', errors: { [columns[0]!]: IMPORT_MSG.cellCount(columns.length) } }
    const parsed = schema.safeParse(record)
    if (parsed.success) return { line, name, status: 'valid', values: parsed.data as ImportRowValues<K>, errors: {} }
    const errors: Record<string, string> = {}
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? columns[0])
      errors[column] ??= issue.message
    }
    return { line, name, status: 'invalid', errors }
  })
}
