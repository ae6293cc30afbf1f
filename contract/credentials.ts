import { MSG } from './messages'

/**
 * The email and password rules as plain code, without zod: the sign-in page checks its form with
 * them, so its first visit loads no zod. validation.ts builds `emailField` and `passwordField` from
 * the same patterns and limits, and test/web/login-rules.test.ts holds both to the same message
 * for every input.
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

/** What `emailField` says first about `text`, or undefined for a valid email. */
export function emailProblem(text: string): string | undefined {
  const email = text.trim()
  if (email === '') return MSG.required
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return MSG.email
  return undefined
}

/** What `passwordField` says first about `text`, or undefined for a valid password. */
export function passwordProblem(text: string): string | undefined {
  const password = text.trim()
  if (password === '') return MSG.required
  if (password.length < PASSWORD_MIN) return MSG.passwordMin
  if (password.length > PASSWORD_MAX) return MSG.passwordMax
  if (!STRONG_PASSWORD.test(password)) return MSG.passwordPattern
  return undefined
}

/** The sign-in form's fields, in the order they are shown (and focused when wrong). */
export const LOGIN_FIELDS = ['email', 'password'] as const
export type LoginField = (typeof LOGIN_FIELDS)[number]

/** What `loginSchema` says first about each field of the sign-in form (undefined: the field is valid). */
export const loginProblems = (values: Record<LoginField, string>): Record<LoginField, string | undefined> => ({
  email: emailProblem(values.email),
  password: passwordProblem(values.password),
})

/** The body `loginSchema` makes of valid fields: each trimmed. */
export const loginBody = (values: Record<LoginField, string>): Record<LoginField, string> => ({
  email: values.email.trim(),
  password: values.password.trim(),
})
