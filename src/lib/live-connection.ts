import { LIVE_EVENT, liveChange, liveReady } from '@contract/live-events'
import { authStore } from './auth'
import { apiBaseUrl } from './http'
import { LIVE_OPTIONS, liveStatus, setStatus, type LiveHandlers, type LiveOptions } from './live-status'

// The live update stream's connection (live-hooks.ts says what it does), loaded once the signed-in
// layout has mounted.

/** How long the stream may stay silent before it is taken for dead: until `ready` says the heartbeat, then two heartbeats and a margin. */
const SILENCE_BEFORE_READY_MS = 45_000
const silenceLimit = (heartbeatMs: number) => 2 * heartbeatMs + 5_000

// ---------------------------------------------------------------------------------------------
// Server-sent events, as the HTML standard parses them (the fields this stream uses).

export interface SseEvent {
  event: string
  data: string
}

/** Feeds text as it arrives; calls `onEvent` for each complete event (comments are skipped). */
export function sseParser(onEvent: (event: SseEvent) => void) {
  let buffer = ''
  let event = ''
  let data: string[] = []
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') })
      event = ''
      data = []
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon < 0 ? text : text.slice(0, colon)
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return (chunk: string) => {
    buffer += chunk
    let end: RegExpExecArray | null
    const newline = /\r\n|\r|\n/g
    let from = 0
    // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
    while ((end = newline.exec(buffer)) && !(end[0] === '\r' && end.index === buffer.length - 1)) {
      line(buffer.slice(from, end.index))
      from = newline.lastIndex
    }
    buffer = buffer.slice(from)
  }
}

// ---------------------------------------------------------------------------------------------
// The connection.

/** Opens the stream and keeps it open until the returned stop is called. */
export function connectLiveEvents(handlers: LiveHandlers, options: Partial<LiveOptions> = {}): () => void {
  const { minMs, maxMs, hiddenMs } = { ...LIVE_OPTIONS, ...options }
  let stopped = false
  /** Let go while the tab is hidden. */
  let paused = false
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let failures = 0
  let everLive = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let silenceTimer: ReturnType<typeof setTimeout> | undefined
  let silenceMs = SILENCE_BEFORE_READY_MS

  const heard = () => {
    clearTimeout(silenceTimer)
    silenceTimer = setTimeout(() => controller?.abort(), silenceMs)
  }

  const stop = () => {
    stopped = true
    clearTimeout(retryTimer)
    clearTimeout(silenceTimer)
    clearTimeout(hiddenTimer)
    controller?.abort()
    window.removeEventListener('online', now)
    window.removeEventListener('pagehide', pause)
    window.removeEventListener('pageshow', back)
    document.removeEventListener('visibilitychange', seen)
    setStatus('connecting')
  }

  const pause = () => {
    paused = true
    clearTimeout(retryTimer)
    clearTimeout(silenceTimer)
    controller?.abort()
    setStatus('connecting') // nobody looks, and nothing polls meanwhile
  }

  const resume = () => {
    if (!paused || stopped) return
    paused = false
    void open() // its `ready` refetches what the tab shows
  }

  function seen() {
    clearTimeout(hiddenTimer)
    if (document.hidden) hiddenTimer = setTimeout(pause, hiddenMs)
    else resume()
  }

  // Leaving the page (pagehide) lets the stream go at once: Chromium keeps a left page's open
  // fetches (the back/forward cache), and six held streams are every connection it allows to
  // this host. Coming back from that cache opens it again.
  const back = (event: PageTransitionEvent) => event.persisted && resume()

  // The session ended on the server: forget it here, as the HTTP client does on a 401.
  const signedOut = (token: string) => {
    stop()
    if (authStore.get().accessToken === token) authStore.signOut()
  }

  const later = () => {
    if (stopped || paused) return
    clearTimeout(silenceTimer)
    setStatus('offline')
    const ceiling = Math.min(maxMs, minMs * 2 ** failures)
    failures++
    retryTimer = setTimeout(() => void open(), ceiling / 2 + (Math.random() * ceiling) / 2)
  }

  // Back online: no reason to wait out the backoff.
  function now() {
    if (stopped || paused || liveStatus.get() !== 'offline') return
    clearTimeout(retryTimer)
    void open()
  }

  async function open() {
    const token = authStore.get().accessToken
    if (stopped || paused || !token) return
    // One stream per tab: a reconnect (back online, seen again) replaces any attempt under way.
    clearTimeout(retryTimer)
    controller?.abort()
    const mine = new AbortController()
    controller = mine
    silenceMs = SILENCE_BEFORE_READY_MS
    heard()
    try {
      const res = await fetch(`${apiBaseUrl.replace(/\/$/, '')}/admin/events`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: mine.signal,
      })
      if (res.status === 401) return signedOut(token)
      if (!res.ok || !res.body) return later()
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      let ended = false
      const feed = sseParser(({ event, data }) => {
        if (event === LIVE_EVENT.ready) {
          const ready = liveReady.safeParse(JSON.parse(data))
          if (ready.success) silenceMs = silenceLimit(ready.data.heartbeatMs)
          setStatus('live')
          // Anything may have changed while the stream was down (or let go).
          if (everLive || failures > 0) handlers.onResync()
          everLive = true
          failures = 0
        } else if (event === LIVE_EVENT.change) {
          const change = liveChange.safeParse(JSON.parse(data))
          if (change.success) handlers.onChange(change.data.tables)
          else handlers.onResync() // a table this build does not know: refetch what is shown
        } else if (event === LIVE_EVENT.refetch) {
          handlers.onResync()
        } else if (event === LIVE_EVENT.signedOut) {
          ended = true
          signedOut(token)
        }
      })
      while (!ended && !stopped && controller === mine) {
        const { done, value } = await reader.read()
        if (done) break
        heard()
        feed(value)
      }
      void reader.cancel().catch(() => {})
    } catch {
      // A network failure, a garbled event, or our own abort (stopped, silent too long, replaced).
    }
    if (controller === mine) later()
  }

  window.addEventListener('online', now)
  window.addEventListener('pagehide', pause)
  window.addEventListener('pageshow', back)
  document.addEventListener('visibilitychange', seen)
  seen()
  void open()
  return stop
}

