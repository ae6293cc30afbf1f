/**
 * The embedded database run in a worker thread (server/db/pglite-worker.mjs), behind the part of
 * PGlite's API that Drizzle and the app use: query, transaction, listen and close. Statements
 * queue in the worker as they would in PGlite itself (one at a time; a transaction holds the
 * database until it ends), while this thread stays free for requests and timers.
 */
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Results, Transaction } from '@electric-sql/pglite'

type RowMode = 'array' | 'object'
interface QueryOptions {
  rowMode?: RowMode
  /** What a COPY ... FROM '/dev/blob' reads. */
  blob?: Blob
}

/** The worker's file: beside this module in the sources, beside the bundle in build/. */
const WORKER_FILE = join(import.meta.dirname, 'pglite-worker.mjs')

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> }
type Event = { op: 'ready' } | { op: 'failed'; error: Record<string, unknown> } | { op: 'notice'; channel: string; payload: string }

/** An error from the worker, with PostgreSQL's fields (code, constraint...) back on it. */
function errorFrom(fields: Record<string, unknown>): Error {
  const { message, name, ...rest } = fields
  const err = Object.assign(new Error(String(message)), rest)
  if (typeof name === 'string') err.name = name
  return err
}

export class PgliteThread {
  readonly #worker: Worker
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>()
  readonly #listeners = new Map<string, Set<(payload: string) => void>>()
  #nextId = 1
  #stopped: Error | undefined

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.unref()
    worker.on('message', (message: Reply | Event) => {
      if ('id' in message) this.#settle(message)
      else if (message.op === 'notice') for (const listener of this.#listeners.get(message.channel) ?? []) listener(message.payload)
    })
    const stop = (err: Error) => {
      this.#stopped ??= err
      for (const { reject } of this.#pending.values()) reject(this.#stopped)
      this.#pending.clear()
    }
    worker.on('error', (err) => stop(new Error('The embedded database stopped', { cause: err })))
    worker.on('exit', (code) => stop(new Error(`The embedded database stopped (worker exit code ${code})`)))
  }

  /** Starts the worker on `dataDir` (`undefined`: in memory) and waits until its database is open. */
  static async start(dataDir: string | undefined): Promise<PgliteThread> {
    const worker = new Worker(WORKER_FILE, { workerData: { dataDir } })
    let onMessage: ((message: Event) => void) | undefined
    let onExit: ((code: number) => void) | undefined
    let onError: ((err: Error) => void) | undefined
    await new Promise<void>((resolve, reject) => {
      onMessage = (message) => {
        if (message.op === 'ready') resolve()
        else if (message.op === 'failed') reject(errorFrom(message.error))
      }
      onExit = (code) => reject(new Error(`The embedded database did not open (worker exit code ${code})`))
      onError = reject
      worker.on('message', onMessage).on('error', onError).on('exit', onExit)
    })
      .catch(async (err: unknown) => {
        await worker.terminate()
        throw err
      })
      .finally(() => {
        // Not removeAllListeners: the worker's own listeners keep its message port working.
        worker.off('message', onMessage!).off('error', onError!).off('exit', onExit!)
      })
    return new PgliteThread(worker)
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    // Only a request in flight keeps the process alive (a script awaiting its last statement).
    if (this.#pending.size === 0) this.#worker.unref()
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(errorFrom(reply.error))
  }

  #call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      if (this.#pending.size === 1) this.#worker.ref()
      this.#worker.postMessage({ id, op, ...args })
    })
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#call('query', { text, params, rowMode: options?.rowMode, blob: options?.blob })
  }

  /** Runs `callback` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const transaction = await this.#call<number>('begin')
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.#call<Results<R>>('query', { text, params, rowMode: options?.rowMode, blob: options?.blob, transaction }),
    } as unknown as Transaction
    let result: T
    try {
      result = await callback(tx)
    } catch (err) {
      await this.#call('end', { transaction, commit: false })
      throw err
    }
    await this.#call('end', { transaction, commit: true })
    return result
  }

  /** Calls `callback` with each notification on `channel`; resolves to the function that stops it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let listeners = this.#listeners.get(channel)
    if (!listeners) {
      this.#listeners.set(channel, (listeners = new Set()))
      await this.#call('listen', { channel })
    }
    listeners.add(callback)
    return async () => {
      listeners.delete(callback)
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return
      this.#listeners.delete(channel)
      await this.#call('unlisten', { channel })
    }
  }

  async close(): Promise<void> {
    if (!this.#stopped) await this.#call('close')
    await this.#worker.terminate()
  }
}
