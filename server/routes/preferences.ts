import { eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { LIST_COLUMNS, LIST_NAMES, PREFERENCES_MSG, type ListName, type Preferences } from '../../contract/preferences'
import { preferencesPatch } from '../../contract/input/preferences'
import type { Db } from '../db/client'
import { adminPreferences } from '../db/schema'
import type { Deps } from '../deps'
import { permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/**
 * What is stored, as the contract reads it: a list or column the contract no longer declares
 * (a later version dropped it) is left out rather than failing the whole answer.
 */
function toPreferences(row: typeof adminPreferences.$inferSelect | undefined): Preferences {
  const listColumns: Preferences['listColumns'] = {}
  for (const list of LIST_NAMES) {
    const stored = row?.listColumns[list]
    if (!Array.isArray(stored)) continue
    const known = new Set<string>(LIST_COLUMNS[list])
    listColumns[list] = [...new Set(stored.filter((id) => known.has(id)))] as never
  }
  return { theme: row?.theme ?? 'system', listColumns }
}

const readPreferences = async (db: Db, adminId: string) =>
  toPreferences((await db.select().from(adminPreferences).where(eq(adminPreferences.adminId, adminId)))[0])

/**
 * The signed-in admin's own preferences (the theme, each list's columns), kept on the server so
 * they follow the admin to another browser. Not audited: they change nothing anyone else sees.
 */
export const preferencesRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/preferences', permit('profile.self'), async (c) =>
      c.json(ok(PREFERENCES_MSG.fetched, await readPreferences(deps.db, c.get('signedIn').admin.id))),
    )

    .patch('/admin/preferences', permit('profile.self'), validate('json', preferencesPatch), async (c) => {
      const adminId = c.get('signedIn').admin.id
      const { theme, listColumns = {} } = c.req.valid('json')
      const replaced: Record<string, string[]> = {}
      const forgotten: ListName[] = []
      for (const [list, ids] of Object.entries(listColumns) as [ListName, string[] | null | undefined][]) {
        if (ids === null) forgotten.push(list)
        else if (ids) replaced[list] = ids
      }
      const now = deps.clock.now()
      // One statement, merged in the database: two tabs saving different lists at once both keep theirs.
      await deps.db
        .insert(adminPreferences)
        .values({ adminId, theme: theme ?? 'system', listColumns: replaced, updatedAt: now })
        .onConflictDoUpdate({
          target: adminPreferences.adminId,
          set: {
            ...(theme ? { theme } : {}),
            listColumns: sql`(${adminPreferences.listColumns} || ${JSON.stringify(replaced)}::jsonb) - array(select jsonb_array_elements_text(${JSON.stringify(forgotten)}::jsonb))`,
            updatedAt: now,
          },
        })
      return c.json(ok(PREFERENCES_MSG.saved, await readPreferences(deps.db, adminId)))
    })
