import { authStore } from './auth'
import { RECENT_KEY_PREFIX } from './storage-keys'

/**
 * The command palette's recent items: the last records and screens an admin opened through it,
 * and the details pages they visited, newest first. Kept in this browser per admin (a sign-out
 * empties the panel's storage, and them with it).
 */
export type RecentItem = {
  url: string
  label: string
  /** What it is, shown beside it: 'User', 'Pet Shop', 'Screen'... */
  kind: string
}

export const RECENT_MAX = 8

const keyOf = (adminId: string) => `${RECENT_KEY_PREFIX}${adminId}`

const isItem = (x: unknown): x is RecentItem =>
  typeof x === 'object' && x !== null && ['url', 'label', 'kind'].every((k) => typeof (x as Record<string, unknown>)[k] === 'string')

/** The signed-in admin's recent items; none when nobody is signed in or storage holds nonsense. */
export function readRecent(): RecentItem[] {
  const adminId = authStore.get().id
  if (!adminId) return []
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(keyOf(adminId)) ?? '[]')
    return Array.isArray(stored) ? stored.filter(isItem).slice(0, RECENT_MAX) : []
  } catch {
    return []
  }
}

/** Puts `item` first (once: an earlier visit of the same address goes). */
export function rememberRecent(item: RecentItem) {
  const adminId = authStore.get().id
  if (!adminId) return
  const items = [item, ...readRecent().filter((i) => i.url !== item.url)].slice(0, RECENT_MAX)
  try {
    localStorage.setItem(keyOf(adminId), JSON.stringify(items))
  } catch {
    // Storage full or refused: the list is a convenience, the page goes on.
  }
}

/**
 * The details pages whose visits join the recent items, by route title (an edit form or a
 * recipients page names its record too, but is no visit of it).
 */
const VISITED_KINDS = new Set(['User', 'Pet', 'Pet Shop', 'Hospital', 'Site', 'City', 'Feedback', 'Notification', 'Partner Request'])

/** A details page shown (useRecordTitle): remembered when it is a kind the list keeps. */
export function rememberVisit(item: RecentItem) {
  if (VISITED_KINDS.has(item.kind)) rememberRecent(item)
}

export function clearRecent() {
  const adminId = authStore.get().id
  if (adminId) localStorage.removeItem(keyOf(adminId))
}
