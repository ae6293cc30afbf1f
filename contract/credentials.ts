import { z } from 'zod/mini'
import { MSG } from './messages'

/**
 * The email and password fields, and the sign-in body made of them, written once for both sides.
 * In zod/mini, because the sign-in page checks its form with them and most visits start there;
 * validation.ts puts the same fields in the classic schemas of every other form.
 */

/**
 * Something@domain.tld, as the product's check: no space, one @, and a dot in the domain that is
 * neither its first nor its last character. Written so that each character can be matched one
 * way only (the domain's first character, then non-dots up to the first dot after it), which
 * keeps the pattern linear: the plain `[^\s@]+\.[^\s@]+` backtracks quadratically on a domain of
 * many dots that ends in a bad character.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/
export const EMAIL_MAX = 254

export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S+$/
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 16

/** Trimmed, and 'Enter the required field' when empty; `abort` on a length cap stops the checks after it, so no pattern reads a text of any length. */
const required = () => [z.trim(), z.minLength(1, MSG.required)] as const

export const emailField = z.string(MSG.required).check(...required(), z.maxLength(EMAIL_MAX, { message: MSG.email, abort: true }), z.regex(EMAIL_PATTERN, MSG.email))
export const passwordField = z
  .string(MSG.required)
  .check(
    ...required(),
    z.minLength(PASSWORD_MIN, MSG.passwordMin),
    z.maxLength(PASSWORD_MAX, { message: MSG.passwordMax, abort: true }),
    z.regex(STRONG_PASSWORD, MSG.passwordPattern),
  )

export const loginSchema = z.strictObject({ email: emailField, password: passwordField })
export type LoginInput = z.infer<typeof loginSchema>
