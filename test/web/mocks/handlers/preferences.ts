import type { HttpHandler } from 'msw'
import { PREFERENCES_MSG, type ListName, type Preferences } from '@contract/preferences'
import { preferencesPatch } from '@contract/input/preferences'
import { ok, route, storeOf } from '../db'

/** Each admin's preferences by admin id; an admin never saved has the defaults. */
export const mockPreferences = storeOf(() => new Map<string, Preferences>())

const preferencesOf = (adminId: string): Preferences => mockPreferences().get(adminId) ?? { theme: 'system', listColumns: {} }

/** A test's starting choice for an admin, as if saved earlier (in another browser). */
export function savePreferences(adminId: string, change: Partial<Preferences>) {
  const current = preferencesOf(adminId)
  mockPreferences().set(adminId, { ...current, ...change, listColumns: { ...current.listColumns, ...change.listColumns } })
}

export const preferencesHandlers: HttpHandler[] = [
  route('get', '/admin/preferences', { permission: 'profile.self' }, ({ admin }) => ok(PREFERENCES_MSG.fetched, preferencesOf(admin._id))),

  route('patch', '/admin/preferences', { permission: 'profile.self', body: preferencesPatch }, ({ admin, body }) => {
    const current = preferencesOf(admin._id)
    const listColumns: Record<string, string[]> = { ...current.listColumns }
    for (const [list, ids] of Object.entries(body.listColumns ?? {}) as [ListName, string[] | null | undefined][]) {
      if (ids === null) delete listColumns[list]
      else if (ids) listColumns[list] = ids
    }
    const next = { theme: body.theme ?? current.theme, listColumns: listColumns as Preferences['listColumns'] }
    mockPreferences().set(admin._id, next)
    return ok(PREFERENCES_MSG.saved, next)
  }),
]

