import type { z } from 'zod'
import { INTEGRATION_MSG, type SyncLineResult, type SyncSummary } from '../../contract/integration'
import { JSON_MSG } from '../../contract/messages'
import { validationFailure } from '../../contract/validation'
import type { Db } from '../db/client'
import { logError } from '../log'
import type { BatchWrite, Outcome } from './upsert'

/** A kind of record a bulk sync takes: its line's schema (the contract's) and its batch writer. */
export interface SyncKind<T extends { externalId: string }> {
  line: z.ZodType<T, unknown>
  write: BatchWrite<T>
}

export interface SyncOptions {
  /** Records per statement (and per commit). */
  chunkRows: number
  /** Chunks written at once, each on a connection of its own (1 on the embedded database, which runs one statement at a time). */
  concurrency: number
  /** A longer line is refused without being read further (contract SYNC_LINE_MAX_CHARS). */
  lineMaxChars: number
}

/** A line over the cap, in place of its text. */
const TOO_LONG = Symbol('too long')

/**
 * The lines of a body, a body chunk's complete lines at a time, decoded as UTF-8 (a CR before the
 * newline dropped). A line longer than `maxChars` is given as TOO_LONG, and its bytes are dropped
 * as they come, so no line costs more memory than the cap whatever its length.
 */
export async function* linesOf(body: AsyncIterable<Uint8Array>, maxChars: number): AsyncGenerator<(string | typeof TOO_LONG)[]> {
  const decoder = new TextDecoder()
  let partial = '' // the current line so far
  let overCap = false // the current line is over the cap: its text is dropped until it ends
  const end = (piece: string) => {
    const line = overCap || partial.length + piece.length > maxChars ? TOO_LONG : (partial + piece).replace(/\r$/, '')
    partial = ''
    overCap = false
    return line
  }
  const keep = (rest: string) => {
    if (overCap) return
    if (partial.length + rest.length > maxChars) {
      overCap = true
      partial = ''
    } else partial += rest
  }
  for await (const bytes of body) {
    const text = decoder.decode(bytes, { stream: true })
    const lines: (string | typeof TOO_LONG)[] = []
    let start = 0
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      lines.push(end(text.slice(start, nl)))
      start = nl + 1
    }
    keep(text.slice(start))
    if (lines.length > 0) yield lines
  }
  keep(decoder.decode())
  if (overCap || partial !== '') yield [end('')]
}

interface Entry<T> {
  line: number
  record?: T
  /** Known before writing: a line refused as it was read. */
  refused?: SyncLineResult
}

/** The externalId a refused line gave, if it gave a fitting one. */
const externalIdIn = (value: unknown): string | null => {
  const id = (value as { externalId?: unknown } | null)?.externalId
  return typeof id === 'string' && id.length <= 100 ? id : null
}

function read<T extends { externalId: string }>(kind: SyncKind<T>, line: number, text: string): Entry<T> {
  const refuse = (externalId: string | null, message: string, fields?: Record<string, string>): Entry<T> => ({
    line,
    refused: {
      line,
      externalId,
      result: 'error',
      message,
      ...(fields ? { fields } : {}),
    },
  })
  // PostgreSQL text cannot hold NUL; a raw one is not JSON, an escaped one is refused here.
  if (text.includes('\\u0000')) return refuse(null, JSON_MSG.nul)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refuse(null, INTEGRATION_MSG.lineNotJson)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return refuse(null, INTEGRATION_MSG.lineNotJson)
  const parsed = kind.line.safeParse(value)
  if (!parsed.success) {
    const { message, fields } = validationFailure(parsed.error)
    return refuse(externalIdIn(value), message, fields)
  }
  return { line, record: parsed.data }
}

const resultOf = (line: number, outcome: Outcome): SyncLineResult =>
  'error' in outcome
    ? {
        line,
        externalId: outcome.externalId,
        result: 'error',
        ...outcome.error,
      }
    : { line, externalId: outcome.externalId, result: outcome.result }

/** A chunk handed to the writer: its externalIds, and its answer once written (never rejected). */
interface Written {
  ids: Set<string>
  lastLine: number
  answer: Promise<{ results: SyncLineResult[]; failed: boolean }>
}

/**
 * A bulk sync: reads NDJSON records from `body` a line at a time, validates each with the kind's
 * contract schema, and writes them `chunkRows` at a time, each chunk one statement and one commit,
 * up to `concurrency` chunks at once. Yields the answer, NDJSON: one result per line (blank lines
 * have none), in the lines' order, each chunk's once it and every chunk before it are committed
 * (and the next chunk is full, or the body ended); then the summary (SyncSummary). The next chunk is read and validated while chunks are written;
 * nothing more is read until the answer so far is taken (the caller pulls), so memory holds
 * `concurrency + 1` chunks whatever the body's size. A chunk that shares an externalId with one
 * being written waits for it, so a record sent twice is written in the file's order. A chunk the
 * database refuses ends the sync: its lines are answered as not written, the chunks already being
 * written are answered as they end, and the summary's `committed` says where to resume.
 */
export async function* syncRecords<T extends { externalId: string }>(
  db: Db,
  body: AsyncIterable<Uint8Array>,
  kind: SyncKind<T>,
  { chunkRows, concurrency, lineMaxChars }: SyncOptions,
): AsyncGenerator<string> {
  const summary: SyncSummary = { done: true, lines: 0, committed: 0, created: 0, updated: 0, unchanged: 0, errors: 0 }
  let chunk: Entry<T>[] = []
  let chunkIds = new Set<string>()
  const writing: Written[] = [] // oldest first
  let stopped = false // a chunk was refused: nothing more is written, nor counted as committed

  const write = async (entries: Entry<T>[]): Promise<{ results: SyncLineResult[]; failed: boolean }> => {
    const records = entries.flatMap((e) => (e.record ? [e.record] : []))
    try {
      const outcomes = records.length > 0 ? await kind.write(db, records) : []
      let next = 0
      return { results: entries.map((e) => e.refused ?? resultOf(e.line, outcomes[next++]!)), failed: false }
    } catch (err) {
      logError('Bulk sync chunk', err)
      const notWritten = (e: Entry<T>): SyncLineResult =>
        e.refused ?? { line: e.line, externalId: e.record!.externalId, result: 'error', message: INTEGRATION_MSG.notWritten }
      return { results: entries.map(notWritten), failed: true }
    }
  }
  /** The oldest chunk's answer, once written, counted into the summary. */
  const settleOldest = async () => {
    const oldest = writing.shift()!
    const { results, failed } = await oldest.answer
    for (const r of results) summary[r.result === 'error' ? 'errors' : r.result]++
    if (failed) stopped = true
    else if (!stopped) summary.committed = oldest.lastLine
    return results.map((r) => `${JSON.stringify(r)}\n`).join('')
  }
  /** Hands the chunk read so far to the writer, once there is room for it: the answers of the chunks that ended meanwhile. */
  const handOver = async () => {
    let answered = ''
    const overlaps = () => writing.some((w) => [...chunkIds].some((id) => w.ids.has(id)))
    while (writing.length > 0 && (writing.length >= concurrency || overlaps() || stopped)) answered += await settleOldest()
    if (!stopped && chunk.length > 0) writing.push({ ids: chunkIds, lastLine: chunk[chunk.length - 1]!.line, answer: write(chunk) })
    chunk = []
    chunkIds = new Set()
    return answered
  }

  reading: for await (const lines of linesOf(body, lineMaxChars)) {
    for (const text of lines) {
      const line = ++summary.lines
      if (text !== TOO_LONG && text.trim() === '') continue // a blank line: no record, no answer
      const entry: Entry<T> =
        text === TOO_LONG
          ? { line, refused: { line, externalId: null, result: 'error', message: INTEGRATION_MSG.lineTooLong } }
          : read(kind, line, text)
      // One statement cannot write a row twice: a repeated externalId starts the next chunk.
      if (chunk.length >= chunkRows || (entry.record && chunkIds.has(entry.record.externalId))) {
        const answered = await handOver()
        if (answered) yield answered
        if (stopped) break reading
      }
      chunk.push(entry)
      if (entry.record) chunkIds.add(entry.record.externalId)
    }
  }
  // The last chunk, then every answer still to come.
  const last = await handOver()
  if (last) yield last
  while (writing.length > 0) yield await settleOldest()
  yield `${JSON.stringify(summary)}\n`
}
