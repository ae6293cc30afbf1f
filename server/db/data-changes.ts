/**
 * The changes to what the dashboard shows, as this process hears them: migration 0012's triggers
 * send the table's name on DATA_CHANGES_CHANNEL for every write, whoever makes it (this server,
 * another process, the mobile app's API), and one listening connection per app fans them out to
 * the open event streams (server/routes/events.ts).
 */
import { LIVE_TABLES, type LiveTable } from '../../contract/live-events'
import type { Db } from './client'
import { listen, type Listening, type ListenOptions } from './notify'

export const DATA_CHANGES_CHANNEL = 'data_changes'

const isLiveTable = (payload: string): payload is LiveTable => (LIVE_TABLES as readonly string[]).includes(payload)

export interface DataChangeListener {
  /** These tables changed (each named once; notices within `coalesceMs` of the first come together). */
  onChange(tables: LiveTable[]): void
  /** Notices may have been lost (the listening connection came back after a loss): anything may have changed. */
  onResync(): void
  /** The app is stopping: end the stream. */
  onClose(): void
}

export interface DataChanges {
  /**
   * Adds a listener and resolves once the app listens (on PostgreSQL, once it has tried: it keeps
   * trying in the background, and a later success reaches the listener as onResync). Resolves
   * with the way out; the last listener out stops the listening.
   */
  subscribe(listener: DataChangeListener): Promise<() => void>
  /** Whether notices are being heard now (false while the listening connection is down). */
  hears(): boolean
  /** Whether close() was called. */
  closed(): boolean
  /** Ends every listener (onClose) and stops listening; later subscriptions are refused. */
  close(): Promise<void>
}

export interface DataChangesOptions {
  /** How long notices are gathered after the first one before the listeners hear of them. */
  coalesceMs: number
  /** The least time between two changes heard: a long write (a big send) is heard once per gap, not once per statement. */
  minGapMs: number
  listen?: ListenOptions
}

/**
 * Listens on DATA_CHANGES_CHANNEL while at least one listener is subscribed. Nothing listens
 * before the first stream opens, so an app that serves no stream (tests, the admin command line)
 * holds no connection for it.
 */
export function dataChanges(db: Db, { coalesceMs, minGapMs, listen: listenOptions }: DataChangesOptions): DataChanges {
  const listeners = new Set<DataChangeListener>()
  let listening: Promise<Listening> | undefined
  let pending = new Set<LiveTable>()
  let timer: NodeJS.Timeout | undefined
  let lastFlush = -Infinity
  let connected = false
  let closed = false

  const each = (call: (listener: DataChangeListener) => void) => [...listeners].forEach(call)

  const flush = () => {
    timer = undefined
    lastFlush = performance.now()
    const tables = [...pending]
    pending = new Set()
    if (tables.length > 0) each((l) => l.onChange(tables))
  }

  const start = async (): Promise<Listening> => {
    let started = false
    const listening = await listen(
      db,
      DATA_CHANGES_CHANNEL,
      {
        onNotice(payload) {
          if (!isLiveTable(payload)) return // not from our triggers: nothing a screen shows
          pending.add(payload)
          if (!timer) {
            timer = setTimeout(flush, Math.max(coalesceMs, lastFlush + minGapMs - performance.now()))
            timer.unref()
          }
        },
        // The first connection comes before any stream says it is live; a later one follows a loss.
        onConnect: () => {
          connected = true
          if (started) each((l) => l.onResync())
        },
        // Open streams stay (a reconnect tells them to refetch); a new one waits until heard again.
        onDisconnect: () => (connected = false),
      },
      listenOptions,
    )
    started = true
    return listening
  }

  const stop = async () => {
    const stopping = listening
    listening = undefined
    connected = false
    clearTimeout(timer)
    timer = undefined
    pending = new Set()
    await stopping?.then((l) => l.stop()).catch(() => {})
  }

  return {
    async subscribe(listener) {
      if (closed) throw new Error('The app is stopping')
      listeners.add(listener)
      const leave = () => {
        if (!listeners.delete(listener)) return
        if (listeners.size === 0) void stop()
      }
      listening ??= start()
      try {
        await listening
      } catch (err) {
        listening = undefined
        leave()
        throw err
      }
      return leave
    },

    hears: () => connected,
    closed: () => closed,

    async close() {
      closed = true
      each((l) => l.onClose())
      listeners.clear()
      await stop()
    },
  }
}
