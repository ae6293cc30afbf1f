import type { LiveTable } from '@contract/live-events'

/**
 * A mutation names the tables it changes beyond its own feature (`meta: { changes: [...] }`), and
 * the signed-in layout refreshes what shows them the way it does for a live change: a feature
 * cannot import another's query keys, and the tab should not wait for its own change to come back
 * through the stream (or for a stream that is down).
 */
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { changes?: LiveTable[] }
  }
}

export {}
