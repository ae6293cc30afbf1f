import { http, type HttpHandler } from 'msw'
import { AUTH_MSG, PASSWORD_MSG, PROFILE_MSG, changePasswordSchema, profileEditSchema } from '@contract'
import { api, authenticate, db, fail, ok, profileOf, readBody } from '../db'

export const accountHandlers: HttpHandler[] = [
  http.get(api('/admin/profile'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return ok(PROFILE_MSG.fetched, profileOf(admin))
  }),

  http.put(api('/admin/edit'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, profileEditSchema)
    if (body instanceof Response) return body
    admin.name = body.name
    if (body.profileImage !== undefined) admin.profileImage = body.profileImage
    return ok(PROFILE_MSG.updated, profileOf(admin))
  }),

  http.post(api('/admin/logout/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    if (params.id !== admin._id) return fail('FORBIDDEN', AUTH_MSG.notYourSession)
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
    if (token) db.sessions.delete(token)
    return ok(AUTH_MSG.loggedOut, null)
  }),

  http.post(api('/admin/change-password'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, changePasswordSchema)
    if (body instanceof Response) return body
    if (body.oldPassword !== admin.password) {
      return fail('BAD_REQUEST', PASSWORD_MSG.oldPasswordWrong, { oldPassword: PASSWORD_MSG.oldPasswordWrong })
    }
    if (body.newPassword === body.oldPassword) {
      return fail('BAD_REQUEST', PASSWORD_MSG.samePassword, { newPassword: PASSWORD_MSG.samePassword })
    }
    admin.password = body.newPassword
    // Every other session of this admin ends; the one that changed the password stays.
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
    for (const [other, id] of db.sessions) if (id === admin._id && other !== token) db.sessions.delete(other)
    return ok(PASSWORD_MSG.passwordChanged, null)
  }),
]
