import { Hono } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import { LIVE_EVENT, LIVE_MSG, type LiveTable } from '../../contract/live-events'
import { ApiError } from '../api-error'
import type { Deps } from '../deps'
import { bearerToken, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { logError } from '../log'

/** The delay a client is told to wait before reconnecting (EventSource's `retry:`; ours grows it). */
const RETRY_MS = 1_000
/** A stream whose client has not taken a write for this many heartbeats is closed. */
const STUCK_HEARTBEATS = 3

/**
 * GET /admin/events: the live update stream (text/event-stream), one per tab. `ready` once the
 * app listens, then `change` with the tables changed by anyone (server/db/data-changes.ts),
 * `refetch` when changes may have been lost, and a keep-alive comment every heartbeat. The
 * session is checked at each heartbeat and before each change: once it has ended (signed out,
 * expired, blocked), the stream says `signed-out` and closes. A session holds at most
 * `liveEvents.streamsPerSession` streams at once, and an admin `streamsPerAdmin` (429 beyond).
 * The app's close() ends them all. A stream opens only while changes are heard (not while the
 * listening connection is down), so a tab never shows Live for a stream that hears nothing.
 */
export const eventsRoutes = (deps: Deps) => {
  const { heartbeatMs, streamsPerSession, streamsPerAdmin } = deps.config.liveEvents
  /** Open streams per session and per admin. */
  const open = new Map<string, number>()
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1
    if (left > 0) open.set(key, left)
    else open.delete(key)
  }

  return new Hono<AppEnv>().get('/admin/events', permit('read'), (c) => {
    const { sessionId, admin } = c.get('signedIn')
    const token = bearerToken(c)!
    const keys = [`session:${sessionId}`, `admin:${admin.id}`]
    if ((open.get(keys[0]!) ?? 0) >= streamsPerSession || (open.get(keys[1]!) ?? 0) >= streamsPerAdmin) {
      throw new ApiError(429, 'TOO_MANY_REQUESTS', LIVE_MSG.tooManyStreams)
    }
    keys.forEach((key) => open.set(key, (open.get(key) ?? 0) + 1))
    // nginx buffers answers by default; this one must reach the browser as it is written.
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      try {
        await serve(stream)
      } finally {
        keys.forEach(release)
      }
    })

    async function serve(stream: SSEStreamingApi) {
      let end!: () => void
      const ended = new Promise<void>((resolve) => (end = resolve))
      stream.onAbort(end) // the client went away

      // One write at a time: while the client is slow, changes gather here instead of queueing.
      let writing = false
      let writingSince = 0
      let tables = new Set<LiveTable>()
      let resync = false
      let pinged = false

      const stillSignedIn = async () => {
        if (await deps.sessions.lookUp(token, deps.clock.now())) return true
        await stream.writeSSE({ event: LIVE_EVENT.signedOut, data: '{}' })
        end()
        return false
      }

      const pump = async () => {
        if (writing) return
        writing = true
        try {
          while (!stream.aborted && (resync || tables.size > 0 || pinged)) {
            writingSince = performance.now()
            if (resync || tables.size > 0) {
              if (!(await stillSignedIn())) return
              if (resync) {
                resync = false
                tables = new Set()
                await stream.writeSSE({ event: LIVE_EVENT.refetch, data: '{}' })
              } else {
                const changed = [...tables]
                tables = new Set()
                await stream.writeSSE({ event: LIVE_EVENT.change, data: JSON.stringify({ tables: changed }) })
              }
            } else {
              pinged = false
              if (!(await stillSignedIn())) return
              await stream.write(': ping\n\n')
            }
          }
        } catch (err) {
          logError('event stream', err)
          end()
        } finally {
          writing = false
        }
      }

      let leave: () => void
      try {
        leave = await deps.dataChanges.subscribe({
          onChange(changed) {
            changed.forEach((t) => tables.add(t))
            void pump()
          },
          onResync() {
            resync = true
            void pump()
          },
          onClose: () => end(),
        })
      } catch (err) {
        // The server is stopping (the client tries again elsewhere), or listening failed.
        if (!deps.dataChanges.closed()) logError('listening for data changes', err)
        return
      }
      if (!deps.dataChanges.hears()) {
        leave() // nothing would be heard: the tab polls and tries again later
        return
      }
      const heartbeat = setInterval(() => {
        if (writing && performance.now() - writingSince > STUCK_HEARTBEATS * heartbeatMs) {
          // A client that reads nothing: its pending write would hold the socket open for good.
          end()
          ;(c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing?.destroy()
        }
        pinged = true
        void pump()
      }, heartbeatMs)
      try {
        // Written as the pump writes (one at a time, watched for a client that reads nothing).
        writing = true
        writingSince = performance.now()
        await Promise.race([stream.writeSSE({ event: LIVE_EVENT.ready, data: JSON.stringify({ heartbeatMs }), retry: RETRY_MS }), ended])
        writing = false
        void pump() // what changed meanwhile
        await ended
      } finally {
        clearInterval(heartbeat)
        leave()
      }
    }
  })
}
