import { http, type HttpHandler, type HttpResponseResolver } from 'msw'
import { AUTH_MSG, OTP_CHECK_MSG, PASSWORD_MSG, emailSchema, loginSchema, resetPasswordSchema, verifyOtpSchema } from '@contract'
import { api, db, fail, ok, profileOf, readBody } from '../db'

let counter = 0
const findAdmin = (email: string) => db.admins.find((a) => a.email.toLowerCase() === email.toLowerCase())

/** Sends a new code when the email is an admin's; answers the same either way. */
const sendOtp: HttpResponseResolver = async ({ request }) => {
  const body = await readBody(request, emailSchema)
  if (body instanceof Response) return body
  const admin = findAdmin(body.email)
  if (admin) db.otps.set(admin.email, String(100_000 + ((counter += 7919) % 900_000)))
  return ok(PASSWORD_MSG.otpSent)
}

export const authHandlers: HttpHandler[] = [
  http.post(api('/admin/login'), async ({ request }) => {
    const body = await readBody(request, loginSchema)
    if (body instanceof Response) return body
    const admin = findAdmin(body.email)
    if (!admin || admin.password !== body.password) return fail('UNAUTHORIZED', AUTH_MSG.badCredentials)
    const token = `token-${admin._id}-login-${++counter}`
    db.sessions.set(token, admin._id)
    return ok(AUTH_MSG.loggedIn, { ...profileOf(admin), token })
  }),

  http.post(api('/admin/resend-otp'), sendOtp),
  // The same call under its other name.
  http.post(api('/admin/send-otp'), sendOtp),

  http.post(api('/admin/verify-otp'), async ({ request }) => {
    const body = await readBody(request, verifyOtpSchema)
    if (body instanceof Response) return body
    const admin = findAdmin(body.email)
    if (!admin || db.otps.get(admin.email) !== body.otp) return fail('BAD_REQUEST', OTP_CHECK_MSG.invalid, { otp: OTP_CHECK_MSG.invalid })
    db.otps.delete(admin.email) // a code works once
    const resetToken = `reset-${admin._id}-${++counter}`
    db.resetTokens.set(resetToken, admin.email)
    return ok(PASSWORD_MSG.otpVerified, { resetToken })
  }),

  http.post(api('/admin/reset-password'), async ({ request }) => {
    const body = await readBody(request, resetPasswordSchema)
    if (body instanceof Response) return body
    const email = db.resetTokens.get(body.resetToken)
    const admin = email ? findAdmin(email) : undefined
    if (!admin) return fail('BAD_REQUEST', PASSWORD_MSG.resetTokenInvalid)
    db.resetTokens.delete(body.resetToken)
    admin.password = body.password
    // A reset ends every session of that admin.
    for (const [token, id] of db.sessions) if (id === admin._id) db.sessions.delete(token)
    return ok(PASSWORD_MSG.passwordReset)
  }),
]
