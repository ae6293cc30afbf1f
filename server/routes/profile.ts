import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import { profileEditSchema } from '../../contract'
import { findAdminById, toAdminProfile } from '../auth/admins'
import { admins } from '../db/schema'
import type { Deps } from '../deps'
import { unauthorized } from '../api-error'
import { auditNote, permit } from '../http/auth'
import type { AppEnv } from '../http/env'
import { ok } from '../http/respond'
import { validate } from '../http/validate'

export const PROFILE_MSG = {
  fetched: 'Profile fetched successfully',
  updated: 'Profile updated successfully',
  imageUrl: 'Please enter a valid image URL',
} as const

/**
 * The contract accepts any URL; the server also insists on http(s), since the picture ends up
 * in an <img src> of every admin's screen (no `javascript:` or `data:` payloads).
 */
const profileEditInput = profileEditSchema.extend({
  profileImage: z
    .string()
    .max(2048, { message: PROFILE_MSG.imageUrl, abort: true })
    .check(z.url({ protocol: /^https?$/, message: PROFILE_MSG.imageUrl }))
    .nullable()
    .optional(),
})

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
      validate('json', profileEditInput),
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
