import { useEffect, useSyncExternalStore } from 'react'
import { useAuth } from './auth'
import { loadChunk } from './chunk-import'
import { liveStatus, setStatus, type LiveHandlers } from './live-status'
import { afterNextPaint } from './prefetch'

/**
 * The live update stream (GET /admin/events): one per tab, opened by the signed-in layout. Read
 * with fetch rather than EventSource, which cannot send the bearer token. It reconnects after
 * any loss, waiting 1 s, 2 s, 4 s... up to 30 s (each wait a random half to whole of that, so
 * tabs do not come back all at once), stops on sign-out, and signs out on a 401 as every call does.
 * A tab hidden for a while lets its stream go and refetches what it shows when seen again: over
 * HTTP/1.1 a browser opens at most 6 connections to a host, for all its tabs together.
 *
 * This module is what the layout needs on its first paint (the hooks; the status the top bar shows
 * is live-status.ts); the connection (live-connection.ts) loads once the layout has mounted.
 */

export const useLiveStatus = () => useSyncExternalStore(liveStatus.subscribe, liveStatus.get, liveStatus.get)

/**
 * The signed-in layout's stream: open while a token is held, closed on sign-out. While it is not
 * live, `whileOffline` runs every `pollMs` and whenever the window gets focus, so the screens
 * that matter most still refresh.
 */
export function useLiveEvents(handlers: LiveHandlers & { whileOffline(): void }, { pollMs = 30_000 } = {}) {
  const token = useAuth().accessToken
  const current = useLiveStatus()
  useEffect(() => {
    if (!token) return
    let stop: (() => void) | undefined
    let left = false
    // After the first paint: the stream's code and connection wait for the first screen's.
    const cancel = afterNextPaint(() =>
      loadChunk(() => import('./live-connection')).then(
        ({ connectLiveEvents }) => {
          if (!left) stop = connectLiveEvents(handlers)
        },
        // Without the stream's code the screens poll, as when the stream is down.
        () => {
          if (!left) setStatus('offline')
        },
      ),
    )
    return () => {
      left = true
      cancel()
      stop?.()
    }
  }, [token, handlers])
  useEffect(() => {
    if (current !== 'offline') return
    const poll = () => handlers.whileOffline()
    const timer = setInterval(poll, pollMs)
    window.addEventListener('focus', poll)
    return () => {
      clearInterval(timer)
      window.removeEventListener('focus', poll)
    }
  }, [current, handlers, pollMs])
}
