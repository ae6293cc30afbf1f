import { DrizzleQueryError } from 'drizzle-orm/errors'

/** Only the "at ..." lines of a stack: the first line repeats the message. */
const frames = (err: Error) =>
  (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n')

/**
 * Describes an error for the server log. A failed query is shown without its bound values
 * (Drizzle puts them in the message), since those can be password hashes, token hashes or codes.
 */
export function describeError(err: unknown): string {
  if (err instanceof DrizzleQueryError) {
    const cause = err.cause instanceof Error ? `${err.cause.name}: ${err.cause.message}` : 'unknown cause'
    return `Database query failed: ${cause}\n  query: ${err.query}\n${frames(err)}`
  }
  if (err instanceof Error) return `${err.name}: ${err.message}\n${frames(err)}`
  return String(err)
}

/** Names of values that are secrets wherever they appear (fields, parameters). */
const SECRET_NAME = String.raw`[\w-]*(?:password|passwd|token|secret|otp|signature|credential|api[_-]?key)[\w-]*`
const REDACTIONS: [RegExp, string][] = [
  // Authorization: Bearer <token> (and Basic)
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  // "password": "...", 'token': '...'
  [new RegExp(String.raw`(["']${SECRET_NAME}["']\s*:\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`, 'gi'), '$1"[redacted]"'],
  // ?token=..., &password=..., password=... in text
  [new RegExp(String.raw`\b(${SECRET_NAME})=[^&\s"']+`, 'gi'), '$1=[redacted]'],
  // a mail's text echoed in an error: "Your verification code is 123456"
  [/\b(code(?:\s+is)?\s*:?\s*)\d{4,8}\b/gi, '$1[redacted]'],
  // scheme://user:password@host (DATABASE_URL, SMTP_URL)
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+):[^\s@/]+@/gi, '$1:[redacted]@'],
]

/** Masks what looks like a secret in a log line: bearer tokens, password or token fields and parameters, URL credentials. */
export function redactSecrets(text: string): string {
  return REDACTIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text)
}

export const logError = (context: string, err: unknown) => console.error(redactSecrets(`[error] ${context}: ${describeError(err)}`))
export const logInfo = (line: string) => console.info(redactSecrets(line))
