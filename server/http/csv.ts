import type { Context } from 'hono'
import { CSV_BOM, csvFileName, csvLine, type CsvValue } from '../../contract'
import type { ExportSelectedBody } from '../../contract/input/bulk'
import { logError } from '../log'
import { auditNote } from './auth'
import type { AppContext } from './env'

/** The CSV format itself is the contract's (contract/csv.ts); this streams it. */
export { csvCell, type CsvValue } from '../../contract'

/**
 * The chosen rows of an export's POST (contract/bulk.ts, exportSelectedBody), counted in its
 * audit entry beside the query (the ids themselves would swell the log).
 */
export function chosenRows(c: AppContext, body: ExportSelectedBody): readonly string[] {
  auditNote(c, { detail: { chosen: body.ids.length } })
  return body.ids
}

/** YYYY-MM-DD of an instant, in UTC (the server knows no admin's time zone). */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Turns batches of rows into batches of CSV lines. */
export async function* csvLines<Row>(batches: AsyncGenerator<Row[]>, line: (row: Row) => CsvValue[]): AsyncGenerator<CsvValue[][]> {
  for await (const rows of batches) yield rows.map(line)
}

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
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)))
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
    'Content-Disposition': `attachment; filename="${csvFileName(fileStem, now)}"`,
    'X-Content-Type-Options': 'nosniff',
  })
}
