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
