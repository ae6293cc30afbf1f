import { PERSIST_KEY } from './storage-keys'

/**
 * Where the signed-in state is kept in the browser, readable without React or the rest of the
 * app (the public pet page checks it too, to send a token holder to the dashboard).
 */

/** The persisted auth state as stored, or null when none (or unreadable). */
export function readPersistedAuth(): { accessToken?: unknown } | null {
  try {
    const raw = localStorage.getItem(PERSIST_KEY)
    const parsed = raw ? (JSON.parse(raw) as { auth?: { accessToken?: unknown } } | null) : null
    return parsed?.auth ?? null
  } catch {
    return null
  }
}

/** Whether this browser holds an access token. */
export const holdsAccessToken = () => Boolean(readPersistedAuth()?.accessToken)
