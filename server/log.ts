import { DrizzleQueryError } from 'drizzle-orm/errors'
import { pino, type Logger, type LoggerOptions } from 'pino'

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

/** `json`: one JSON object per line, for a log collector (the default). `pretty`: coloured lines for a person (`npm run dev`). */
export type LogFormat = 'json' | 'pretty'

/** LOG_FORMAT as this module reads it at start-up; config.ts refuses any other value. */
export const logFormatOf = (value: string | undefined): LogFormat => (value?.trim().toLowerCase() === 'pretty' ? 'pretty' : 'json')

/** Where JSON lines go unless told otherwise: standard output, looked up at each write so tests can spy on it. */
const stdout = { write: (line: string) => process.stdout.write(line) }

/**
 * A pino logger whose every line, fields included, passes through redactSecrets before it is
 * written. `pretty` loads pino-pretty (a dev dependency) in pino's transport thread, so a
 * production install, which logs JSON, never imports it.
 */
export function createLogger(format: LogFormat, destination: { write(line: string): void } = stdout): Logger {
  const options: LoggerOptions = {
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    hooks: { streamWrite: redactSecrets },
  }
  if (format === 'pretty') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid' } } })
  }
  // Level names rather than pino's numbers: what a person grepping the collector's lines expects.
  return pino({ ...options, formatters: { level: (label) => ({ level: label }) } }, destination)
}

/** The server's logger (LOG_FORMAT: json by default, pretty in `npm run dev`). */
export const logger = createLogger(logFormatOf(process.env.LOG_FORMAT))

/** An error with where it happened; a failed query without its bound values (see describeError). */
export const logError = (context: string, err: unknown) => logger.error({ error: describeError(err) }, context)
export const logInfo = (line: string) => logger.info(line)
