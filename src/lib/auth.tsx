import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { AdminProfile } from '@contract/auth'
import { can, type Permission } from '@contract/permissions'
import { readPersistedAuth } from './persisted-auth'
import { PERSIST_KEY, isPanelKey } from './storage-keys'

/**
 * The only state the SPA persists: who is signed in. Everything else lives in the query cache.
 * Kept as a tiny external store so the router's guards and the HTTP client read the live value
 * without React, while components subscribe through `useAuth()`.
 */
export type UserDetails = AdminProfile & { token: string }
export type AuthState = { userDetails: UserDetails | null; accessToken: string | null; id: string | null }

const empty: AuthState = { userDetails: null, accessToken: null, id: null }

function readPersisted(): AuthState {
  const persisted = readPersistedAuth() as Partial<AuthState> | null
  return persisted?.accessToken ? { ...empty, ...persisted } : empty
}

/** Empties the panel's part of localStorage: its keys go, whatever else the origin keeps there stays. */
function removePanelKeys() {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((key) => key !== null)
  for (const key of keys) if (isPanelKey(key)) localStorage.removeItem(key)
}

function createAuthStore() {
  let state = readPersisted()
  const listeners = new Set<() => void>()
  const emit = () => listeners.forEach((l) => l())
  const write = (next: AuthState) => {
    state = next
    if (next.accessToken) localStorage.setItem(PERSIST_KEY, JSON.stringify({ auth: next }))
    else localStorage.removeItem(PERSIST_KEY)
    emit()
  }
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signIn(user: UserDetails) {
      write({ userDetails: user, accessToken: user.token, id: user._id })
    },
    /** Merge a fresh profile (GET /admin/profile, PUT /admin/edit) into the stored user. */
    updateUser(patch: Partial<AdminProfile>) {
      if (state.userDetails) write({ ...state, userDetails: { ...state.userDetails, ...patch } })
    },
    /** End the session: auth reset to empty defaults and the panel's browser storage emptied (its keys only). */
    signOut() {
      removePanelKeys()
      write(empty)
    },
    /** Re-read storage: another tab signed in or out, or a test reset it. */
    rehydrate() {
      state = readPersisted()
      emit()
    },
  }
}

export type AuthStore = ReturnType<typeof createAuthStore>
export const authStore = createAuthStore()

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === PERSIST_KEY || e.key === null) authStore.rehydrate()
  })
}

const AuthContext = createContext<AuthStore>(authStore)

export function AuthProvider({ store = authStore, children }: { store?: AuthStore; children: ReactNode }) {
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>
}

/** The live auth state plus the store's actions. */
export function useAuth() {
  const store = useContext(AuthContext)
  const state = useSyncExternalStore(store.subscribe, store.get, store.get)
  return { ...state, store }
}

/**
 * Whether the signed-in admin's role holds `permission` (the role matrix of docs/DECISIONS.md,
 * Roles: the same `can` the server enforces): what a role lacks is not offered.
 */
export function useCan(permission: Permission) {
  return can(useAuth().userDetails?.role, permission)
}
