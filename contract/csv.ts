/**
 * The lists' CSV downloads: RFC 4180 (CRLF line ends, fields quoted when they hold a quote,
 * comma or line break, quotes doubled), with spreadsheet formula injection neutralised, and a
 * byte order mark first so that Excel reads the file as UTF-8 (names like 'Émile').
 */

export type CsvValue = string | number | null | undefined

export const CSV_BOM = '\uFEFF'

/** A cell a spreadsheet would run as a formula (or a DDE payload) starts with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One field: a would-be formula gets a leading single quote, then RFC 4180 quoting. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`

/** The download's file name: `users-2025-06-30.csv` (the day in UTC). */
export const csvFileName = (stem: string, now: Date) => `${stem}-${now.toISOString().slice(0, 10)}.csv`

/**
 * Reads a CSV file as rows of cells: RFC 4180 (quoted fields with doubled quotes and line
 * breaks), CRLF or LF line ends, a leading byte order mark, and the formula guard of `csvCell`
 * undone (a file this panel wrote reads back as it was). Blank lines are left out. Null when a
 * quoted field is never closed. One pass over the text: callers cap its length first.
 */
export function parseCsv(text: string): string[][] | null {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  let i = text.startsWith(CSV_BOM) ? 1 : 0
  const endCell = () => {
    row.push(cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell)
    cell = ''
  }
  const endRow = () => {
    endCell()
    if (row.length > 1 || row[0] !== '') rows.push(row)
    row = []
  }
  for (; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch !== '"') cell += ch
      else if (text[i + 1] === '"') {
        cell += '"'
        i++
      } else quoted = false
    } else if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') endCell()
    else if (ch === '\n') endRow()
    else if (ch === '\r' && text[i + 1] === '\n') {
      endRow()
      i++
    } else cell += ch
  }
  if (quoted) return null
  if (cell !== '' || row.length > 0) endRow()
  return rows
}
