import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { AdminProfile } from '@contract/auth'
import { can, type Permission } from '@contract/permissions'
import { PERSIST_KEY, readPersistedAuth } from './persisted-auth'

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
    /** End the session: auth reset to empty defaults and browser storage emptied. */
    signOut() {
      localStorage.clear()
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
