// The embedded PostgreSQL (PGlite) in a worker thread of its own. PGlite runs each statement
// synchronously inside WASM: on the server's thread a slow search stalled every other request
// and timer as long. Here it only holds this thread, and the server's thread goes on reading
// sockets and writing answers while it works (server/db/pglite-thread.ts is the other side).
//
// Plain JavaScript with packages only, so that node runs it as it is from the sources (tsx,
// vitest) and from build/ (copied beside the bundle).
import process from 'node:process'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

// Drizzle keeps these types as PostgreSQL's text and parses them itself; a parser function
// cannot cross threads, so this side applies Drizzle's choice to every statement.
const asText = (value) => value
const KEEP_AS_TEXT = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, asText]),
)

const port = parentPort
const db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } }).catch((err) => {
  port.postMessage({ op: 'failed', error: errorFields(err) })
  process.exit(1)
})

/** Open transactions by id: the handle their statements run on, and how to end them. */
const transactions = new Map()
let nextTransaction = 1
/** What a transaction asked to roll back rejects with (PGlite then rolls it back). */
const ROLLED_BACK = Symbol('rolled back')
/** Unsubscribe functions of the channels listened to. */
const listening = new Map()

/** An error as plain fields (PostgreSQL's code, constraint, detail...), which a message keeps. */
function errorFields(err) {
  if (!(err instanceof Error)) return { message: String(err) }
  const fields = { name: err.name, message: err.message }
  for (const [key, value] of Object.entries(err)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue
    fields[key] = value
  }
  return fields
}

const handlers = {
  query({ text, params, rowMode, blob, transaction }) {
    const target = transaction === undefined ? db : transactions.get(transaction)?.tx
    if (!target) throw new Error(`No open transaction ${transaction}`)
    return target.query(text, params, { rowMode, blob, parsers: KEEP_AS_TEXT })
  },
  begin() {
    const id = nextTransaction++
    // Resolves once PGlite has begun it: from then on it holds the database until it ends.
    return new Promise((begun, failed) => {
      db.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            transactions.set(id, { tx, commit, rollback, settled: undefined })
            begun(id)
          }),
      )
        .then(
          () => transactions.get(id)?.settled?.resolve(),
          (err) => (transactions.has(id) ? transactions.get(id).settled?.reject(err) : failed(err)),
        )
        .finally(() => transactions.delete(id))
    })
  },
  end({ transaction, commit }) {
    const open = transactions.get(transaction)
    if (!open) throw new Error(`No open transaction ${transaction}`)
    return new Promise((resolve, reject) => {
      open.settled = { resolve, reject }
      if (commit) open.commit()
      else open.rollback(ROLLED_BACK)
    }).catch((err) => {
      // A rollback asked for is not a failure.
      if (err !== ROLLED_BACK) throw err
    })
  },
  async listen({ channel }) {
    if (listening.has(channel)) return
    listening.set(channel, await db.listen(channel, (payload) => port.postMessage({ op: 'notice', channel, payload })))
  },
  async unlisten({ channel }) {
    const unsubscribe = listening.get(channel)
    listening.delete(channel)
    await unsubscribe?.()
  },
  async close() {
    await db.close()
  },
}

port.on('message', ({ id, op, ...args }) => {
  Promise.resolve()
    .then(() => handlers[op](args))
    .then(
      (value) => port.postMessage({ id, ok: true, value }),
      (err) => port.postMessage({ id, ok: false, error: errorFields(err) }),
    )
    .then(() => {
      if (op === 'close') port.close()
    })
})
port.postMessage({ op: 'ready' })
