/**
 * PostgreSQL's LISTEN/NOTIFY between the server processes that share one database: a process
 * that changes something other processes keep in memory says so on a channel, and each process
 * listens on that channel through one dedicated connection.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { logError, logInfo } from '../log'
import type { Db } from './client'
import { PgliteThread } from './pglite-thread'

/**
 * Sends `payload` on `channel`. Through a transaction's handle it is delivered when that
 * transaction commits, and never if it rolls back; through the database itself, at once.
 */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`)
}

export interface ListenHandlers {
  /** One notification's payload. */
  onNotice(payload: string): void
  /**
   * The channel is listened to: after the first connection, and after every reconnection, when
   * notifications sent while the connection was down are lost.
   */
  onConnect(): void
  /** The listening connection was lost (PostgreSQL only): notices go unheard until the next onConnect. */
  onDisconnect?(): void
}

export interface Listening {
  stop(): Promise<void>
}

export interface ListenOptions {
  /** The first wait before connecting again; it doubles after each failure, up to `retryMaxMs`. */
  retryMinMs?: number
  retryMaxMs?: number
  /** How often the idle connection is checked with a query (a dead peer is not always noticed by TCP). */
  heartbeatMs?: number
}

const DEFAULTS: Required<ListenOptions> = { retryMinMs: 100, retryMaxMs: 5_000, heartbeatMs: 30_000 }

/**
 * Calls `handlers.onNotice` for each notification on `channel` sent by any connection to the
 * database of `db` (this process's too). On PostgreSQL it holds one connection of its own,
 * outside the pool, and connects again with a growing delay whenever that connection is lost;
 * it resolves after the first attempt, listening or not (it keeps trying in the background).
 * On the embedded database, which one process has to itself, PGlite delivers the notification
 * while the notifying transaction commits (a moment later from its worker thread).
 */
export async function listen(db: Db, channel: string, handlers: ListenHandlers, options: ListenOptions = {}): Promise<Listening> {
  const client = (db as unknown as { $client: unknown }).$client
  if (client instanceof PGlite || client instanceof PgliteThread) {
    const unsubscribe = await client.listen(channel, handlers.onNotice)
    handlers.onConnect()
    return { stop: unsubscribe }
  }
  if (client instanceof pg.Pool) return listenPostgres(client, channel, handlers, { ...DEFAULTS, ...options })
  throw new Error('listen: unknown database driver')
}

async function listenPostgres(
  pool: pg.Pool,
  channel: string,
  handlers: ListenHandlers,
  { retryMinMs, retryMaxMs, heartbeatMs }: Required<ListenOptions>,
): Promise<Listening> {
  let current: pg.Client | undefined
  let stopped = false
  let retryTimer: NodeJS.Timeout | undefined
  let delay = retryMinMs
  let lostBefore = false

  const open = async (): Promise<void> => {
    retryTimer = undefined
    // The pool's own settings (connection string, TLS...), for a client that is never pooled.
    const client = new pg.Client({
      ...pool.options,
      keepAlive: true,
      // The heartbeat's query fails instead of waiting for good on a dead connection.
      query_timeout: Math.max(1_000, Math.round(heartbeatMs / 3)),
    })
    let gone = false
    const drop = (err?: unknown) => {
      if (gone) return
      gone = true
      const wasListening = current === client
      if (wasListening) current = undefined
      client.removeAllListeners('notification')
      client.end().catch(() => {})
      if (stopped) return
      if (wasListening) handlers.onDisconnect?.()
      if (!lostBefore) logError(`Listening for "${channel}" (retrying every ${retryMaxMs / 1000} s at most)`, err ?? 'connection closed')
      lostBefore = true
      retryTimer = setTimeout(() => void open(), delay)
      retryTimer.unref()
      delay = Math.min(delay * 2, retryMaxMs)
    }
    client.on('error', drop)
    client.on('end', () => drop())
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotice(message.payload)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`)
    } catch (err) {
      drop(err)
      return
    }
    if (gone) return
    if (stopped) {
      gone = true
      await client.end().catch(() => {})
      return
    }
    current = client
    delay = retryMinMs
    if (lostBefore) logInfo(`Listening for "${channel}" again`)
    lostBefore = false
    handlers.onConnect()
  }

  const heartbeat = setInterval(() => {
    const client = current
    client?.query('select 1').catch((err: unknown) => client.emit('error', err))
  }, heartbeatMs)
  heartbeat.unref()

  await open()
  return {
    async stop() {
      stopped = true
      clearInterval(heartbeat)
      clearTimeout(retryTimer)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}
