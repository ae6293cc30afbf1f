import type { Context } from 'hono'
import { logError } from '../log'

/**
 * CSV downloads of the lists: RFC 4180 (CRLF line ends, fields quoted when they hold a quote,
 * comma or line break, quotes doubled), with spreadsheet formula injection neutralised.
 */

export type CsvValue = string | number | null | undefined

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

/** YYYY-MM-DD of an instant, in UTC (the server knows no admin's time zone). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Turns batches of rows into batches of CSV lines. */
export async function* csvLines<Row>(batches: AsyncGenerator<Row[]>, line: (row: Row) => CsvValue[]): AsyncGenerator<CsvValue[][]> {
  for await (const rows of batches) yield rows.map(line)
}

/** A byte order mark, so that Excel reads the file as UTF-8 (names like 'Émile'). */
const BOM = '\uFEFF'

/**
 * Streams a CSV download: the header, then one chunk per batch as the reader asks for it, so a
 * long export never sits in memory. The first batch is read before answering, so a failing
 * query still gets the contract's error body; a failure later can only cut the download short.
 */
export async function csvResponse(
  c: Context,
  fileStem: string,
  now: Date,
  header: readonly string[],
  batches: AsyncGenerator<CsvValue[][]>,
): Promise<Response> {
  const encoder = new TextEncoder()
  const chunk = (lines: CsvValue[][]) => encoder.encode(lines.map(csvLine).join(''))
  const first = await batches.next()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvLine(header)))
      if (!first.done) controller.enqueue(chunk(first.value))
      else controller.close()
    },
    async pull(controller) {
      try {
        const next = await batches.next()
        if (next.done) controller.close()
        else controller.enqueue(chunk(next.value))
      } catch (err) {
        logError(`CSV export ${fileStem}`, err)
        controller.error(err)
      }
    },
    async cancel() {
      await batches.return(undefined)
    },
  })
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileStem}-${isoDay(now)}.csv"`,
    'X-Content-Type-Options': 'nosniff',
  })
}
