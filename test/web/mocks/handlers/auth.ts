import type { HttpHandler } from 'msw'
import { AUTH_MSG, OTP_CHECK_MSG, PASSWORD_MSG, emailSchema, loginSchema, resetPasswordSchema, verifyOtpSchema } from '@contract'
import { db, fail, ok, profileOf, route } from '../db'

let counter = 0
const findAdmin = (email: string) => db.admins.find((a) => a.email.toLowerCase() === email.toLowerCase())

/** Sends a new code when the email is an admin's; answers the same either way. */
const sendOtp = (path: string) =>
  route('post', path, { body: emailSchema }, ({ body }) => {
    const admin = findAdmin(body.email)
    if (admin) db.otps.set(admin.email, String(100_000 + ((counter += 7919) % 900_000)))
    return ok(PASSWORD_MSG.otpSent)
  })

export const authHandlers: HttpHandler[] = [
  route('post', '/admin/login', { body: loginSchema }, ({ body }) => {
    const admin = findAdmin(body.email)
    if (!admin || admin.password !== body.password) return fail('UNAUTHORIZED', AUTH_MSG.badCredentials)
    const token = `token-${admin._id}-login-${++counter}`
    db.sessions.set(token, admin._id)
    return ok(AUTH_MSG.loggedIn, { ...profileOf(admin), token })
  }),

  sendOtp('/admin/resend-otp'),
  // The same call under its other name.
  sendOtp('/admin/send-otp'),

  route('post', '/admin/verify-otp', { body: verifyOtpSchema }, ({ body }) => {
    const admin = findAdmin(body.email)
    if (!admin || db.otps.get(admin.email) !== body.otp) return fail('BAD_REQUEST', OTP_CHECK_MSG.invalid, { otp: OTP_CHECK_MSG.invalid })
    db.otps.delete(admin.email) // a code works once
    const resetToken = `reset-${admin._id}-${++counter}`
    db.resetTokens.set(resetToken, admin.email)
    return ok(PASSWORD_MSG.otpVerified, { resetToken })
  }),

  route('post', '/admin/reset-password', { body: resetPasswordSchema }, ({ body }) => {
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
