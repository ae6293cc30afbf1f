import type { HttpHandler } from 'msw'
import { AUTH_MSG, PASSWORD_MSG, PROFILE_MSG, changePasswordSchema, idParam, profileEditSchema } from '@contract'
import { bearerToken, db, fail, ok, profileOf, route } from '../db'

const self = 'profile.self'

export const accountHandlers: HttpHandler[] = [
  route('get', '/admin/profile', { permission: self }, ({ admin }) => ok(PROFILE_MSG.fetched, profileOf(admin))),

  route('put', '/admin/edit', { permission: self, body: profileEditSchema }, ({ admin, body }) => {
    admin.name = body.name
    if (body.profileImage !== undefined) admin.profileImage = body.profileImage
    return ok(PROFILE_MSG.updated, profileOf(admin))
  }),

  route('post', '/admin/logout/:id', { permission: self, params: idParam }, ({ request, admin, params }) => {
    if (params.id !== admin._id) return fail('FORBIDDEN', AUTH_MSG.notYourSession)
    db.sessions.delete(bearerToken(request)!)
    return ok(AUTH_MSG.loggedOut)
  }),

  route('post', '/admin/change-password', { permission: self, body: changePasswordSchema }, ({ request, admin, body }) => {
    if (body.oldPassword !== admin.password) {
      return fail('BAD_REQUEST', PASSWORD_MSG.oldPasswordWrong, { oldPassword: PASSWORD_MSG.oldPasswordWrong })
    }
    if (body.newPassword === body.oldPassword) {
      return fail('BAD_REQUEST', PASSWORD_MSG.samePassword, { newPassword: PASSWORD_MSG.samePassword })
    }
    admin.password = body.newPassword
    // Every other session of this admin ends; the one that changed the password stays.
    const token = bearerToken(request)
    for (const [other, id] of db.sessions) if (id === admin._id && other !== token) db.sessions.delete(other)
    return ok(PASSWORD_MSG.passwordChanged)
  }),
]
