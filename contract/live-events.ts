import * as zm from 'zod/mini'

/**
 * The live update stream, GET /admin/events (text/event-stream): what the server sends and the
 * SPA reads. Every change to a table the dashboard shows, from any writer, reaches the stream as
 * one `change` event naming the tables (several changes within a moment come as one event).
 */

/** The tables whose changes are announced, by the database's own names (migration 0012's triggers). */
export const LIVE_TABLES = ['app_users', 'places', 'partners', 'feedback', 'notifications'] as const
export type LiveTable = (typeof LIVE_TABLES)[number]

export const LIVE_EVENT = {
  /** First, once the server listens: the stream is live. Data: `liveReady`. */
  ready: 'ready',
  /** These tables changed. Data: `liveChange`. */
  change: 'change',
  /** Changes may have been missed (the server's database listener reconnected): refetch everything shown. */
  refetch: 'refetch',
  /** The session ended (signed out elsewhere, expired, blocked): the stream closes. */
  signedOut: 'signed-out',
} as const

export const liveReady = zm.object({
  /** How often the server sends a keep-alive comment: a stream silent for much longer is dead. */
  heartbeatMs: zm.int().check(zm.positive()),
})

export const liveChange = zm.object({ tables: zm.array(zm.enum(LIVE_TABLES)) })
export type LiveChange = zm.infer<typeof liveChange>

export const LIVE_MSG = {
  tooManyStreams: 'Too many live update streams are open for this session. Close a few tabs and try again.',
} as const
