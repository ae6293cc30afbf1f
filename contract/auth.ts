import * as zm from 'zod/mini'
import { ROLE } from './enums'

/** The signed-in person, as GET /admin/profile and the login answer carry it. */
export const adminProfile = zm.object({
  _id: zm.string(),
  name: zm.string(),
  email: zm.string(),
  role: zm.union([zm.literal(ROLE.ADMIN), zm.literal(ROLE.SUB_ADMIN)]),
  profileImage: zm.nullable(zm.string()),
})
export type AdminProfile = zm.infer<typeof adminProfile>

export const loginResult = zm.extend(adminProfile, { token: zm.string() })
export type LoginResult = zm.infer<typeof loginResult>

export const verifyOtpResult = zm.object({ resetToken: zm.string() })
export type VerifyOtpResult = zm.infer<typeof verifyOtpResult>

/** What sign-in and sign-out answer. */
export const AUTH_MSG = {
  loggedIn: 'Login successfully',
  loggedOut: 'Logout successfully',
  badCredentials: 'Invalid email or password',
  blocked: 'Your account has been blocked. Please contact the administrator.',
  notYourSession: 'You can only log out of your own session',
} as const

/** What the forgot-password steps and the password change answer. */
export const PASSWORD_MSG = {
  otpSent: 'If this email is registered, a verification code has been sent to it.',
  otpVerified: 'OTP verified successfully',
  passwordReset: 'Password reset successfully',
  passwordChanged: 'Password changed successfully',
  resetTokenInvalid: 'This reset request is invalid or has expired. Please verify your email again.',
  oldPasswordWrong: 'Old password is incorrect',
  samePassword: 'New password must be different from the old password',
} as const

/** Why a verification code is refused (the message is also the `otp` field's). */
export const OTP_CHECK_MSG = {
  invalid: 'Invalid verification code',
  expired: 'Verification code has expired. Please request a new one.',
  used: 'Verification code has already been used. Please request a new one.',
  exhausted: 'Too many wrong attempts. Please request a new code.',
  /** The admin's live code, typed from another network than the one that asked for it (server/auth/otp.ts). */
  otherNetwork: 'This code was requested from another network. Please request a new code here.',
} as const

export const PROFILE_MSG = {
  fetched: 'Profile fetched successfully',
  updated: 'Profile updated successfully',
} as const
