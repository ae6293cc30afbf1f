import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { PROFILE_MSG, profileEditSchema } from '../../contract'
import { findAdminById, toAdminProfile } from '../auth/admins'
import { admins } from '../db/schema'
import type { Deps } from '../deps'
import { unauthorized } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

/** The signed-in admin's own profile. */
export const profileRoutes = (deps: Deps) =>
  new Hono<AppEnv>()
    .get('/admin/profile', permit('profile.self'), async (c) => {
      const admin = await findAdminById(deps.db, c.get('signedIn').admin.id)
      if (!admin) throw unauthorized()
      return c.json(ok(PROFILE_MSG.fetched, toAdminProfile(admin)))
    })

    .put(
      '/admin/edit',
      permit('profile.self', { action: 'profile.update', target: 'admin' }),
      validate('json', profileEditSchema),
      async (c) => {
        const { name, profileImage } = c.req.valid('json')
        // An absent profileImage keeps the picture; null removes it.
        const [updated] = await deps.db
          .update(admins)
          .set({ name, ...(profileImage !== undefined ? { profileImage } : {}), updatedAt: deps.clock.now() })
          .where(eq(admins.id, c.get('signedIn').admin.id))
          .returning()
        if (!updated) throw unauthorized()
        auditNote(c, {
          id: updated.id,
          label: updated.email,
          detail: { fields: ['name', ...(profileImage !== undefined ? ['profileImage'] : [])] },
        })
        return c.json(ok(PROFILE_MSG.updated, toAdminProfile(updated)))
      },
    )
