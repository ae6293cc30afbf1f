import { http, type HttpHandler } from 'msw'
import { changePasswordSchema, profileEditSchema } from '@contract'
import { api, authenticate, db, fail, ok, profileOf, readBody } from '../db'

export const ACCOUNT_MSG = {
  profile: 'Profile fetched successfully',
  updated: 'Profile updated successfully',
  loggedOut: 'Logout successfully',
  passwordChanged: 'Password changed successfully',
  wrongOldPassword: 'Old password is incorrect',
  samePassword: 'New password must be different from the old password',
  notYourSession: 'You can only log out of your own session',
} as const

export const accountHandlers: HttpHandler[] = [
  http.get(api('/admin/profile'), ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    return ok(ACCOUNT_MSG.profile, profileOf(admin))
  }),

  http.put(api('/admin/edit'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, profileEditSchema)
    if (body instanceof Response) return body
    admin.name = body.name
    if (body.profileImage !== undefined) admin.profileImage = body.profileImage
    return ok(ACCOUNT_MSG.updated, profileOf(admin))
  }),

  http.post(api('/admin/logout/:id'), ({ request, params }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    if (params.id !== admin._id) return fail('FORBIDDEN', ACCOUNT_MSG.notYourSession)
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
    if (token) db.sessions.delete(token)
    return ok(ACCOUNT_MSG.loggedOut, null)
  }),

  http.post(api('/admin/change-password'), async ({ request }) => {
    const admin = authenticate(request)
    if (admin instanceof Response) return admin
    const body = await readBody(request, changePasswordSchema)
    if (body instanceof Response) return body
    if (body.oldPassword !== admin.password) {
      return fail('BAD_REQUEST', ACCOUNT_MSG.wrongOldPassword, { oldPassword: ACCOUNT_MSG.wrongOldPassword })
    }
    if (body.newPassword === body.oldPassword) {
      return fail('BAD_REQUEST', ACCOUNT_MSG.samePassword, { newPassword: ACCOUNT_MSG.samePassword })
    }
    admin.password = body.newPassword
    // Every other session of this admin ends; the one that changed the password stays.
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '')
    for (const [other, id] of db.sessions) if (id === admin._id && other !== token) db.sessions.delete(other)
    return ok(ACCOUNT_MSG.passwordChanged, null)
  }),
]
