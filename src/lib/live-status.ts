import type { LiveTable } from '@contract/live-events'

/* What the live update stream's hooks (live-hooks.ts) and its connection (live-connection.ts, loaded later) share: its handlers, its options, and its status. */

export type LiveStatus = 'connecting' | 'live' | 'offline'

export interface LiveHandlers {
  /** These tables changed. */
  onChange(tables: LiveTable[]): void
  /** Changes may have been missed (the stream was down, or the server's listener was): refetch what is shown. */
  onResync(): void
}

export interface LiveOptions {
  /** The first wait before reconnecting, doubled after each failure up to `maxMs`. */
  minMs: number
  maxMs: number
  /** How long a hidden tab keeps its stream. */
  hiddenMs: number
}
export const LIVE_OPTIONS: LiveOptions = { minMs: 1_000, maxMs: 30_000, hiddenMs: 30_000 }

// The status the top bar shows, readable without React.

let status: LiveStatus = 'connecting'
const statusListeners = new Set<() => void>()
export function setStatus(next: LiveStatus) {
  if (status === next) return
  status = next
  statusListeners.forEach((l) => l())
}
export const liveStatus = {
  get: () => status,
  subscribe(listener: () => void) {
    statusListeners.add(listener)
    return () => void statusListeners.delete(listener)
  },
}
