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

/** Names of values that are secrets wherever they appear (fields, parameters), tested on a whole name. */
const SECRET_NAME = /password|passwd|token|secret|otp|signature|credential|api[_-]?key/i

/**
 * A named value to mask: `name` finds a name and what joins it to its value (group 1 is the
 * name; the value is not part of the match), `value` (sticky) reads the value after it.
 */
interface NamedValue {
  name: RegExp
  value: RegExp
  mask: string
}

/**
 * Masks the value of every name that is a secret's. Log lines hold text from requests (paths,
 * bodies echoed in errors), so this runs in linear time: a name is one run of name characters,
 * tried only from where the run starts and tested for a secret afterwards, and a value is read
 * only after a secret's name. A value left open (no closing quote) is masked to the end of the
 * line, which also keeps a long open value from being read again from each later name.
 * (The obvious `[\w-]*password[\w-]*=...` backtracks quadratically on a long path.)
 */
function maskNamedValues(text: string, { name, value, mask }: NamedValue): string {
  let out = ''
  let from = 0
  name.lastIndex = 0
  for (let found = name.exec(text); found; found = name.exec(text)) {
    if (!SECRET_NAME.test(found[1]!)) continue
    value.lastIndex = name.lastIndex
    const closed = value.test(text)
    out += text.slice(from, name.lastIndex) + mask
    if (!closed) return out
    from = name.lastIndex = value.lastIndex
  }
  return out + text.slice(from)
}

const NAMED_VALUES: NamedValue[] = [
  // "password": "...", 'token': '...'
  { name: /["']([\w-]+)["']\s*:\s*(?=["'])/g, value: /"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/y, mask: '"[redacted]"' },
  // ?token=..., &password=..., password=... in text
  { name: /(?<![\w-])([\w-]+)=(?=[^&\s"'])/g, value: /[^&\s"']+/y, mask: '[redacted]' },
]

/** Patterns without a name to test; each runs in linear time (bounded gaps, one way to match). */
const REDACTIONS: [RegExp, string][] = [
  // Authorization: Bearer <token> (and Basic)
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]'],
  // a mail's text echoed in an error: "Your verification code is 123456"
  [/\b(code(?:\s{1,10}is)?\s{0,10}:?\s{0,10})\d{4,8}\b/gi, '$1[redacted]'],
  // scheme://user:password@host (DATABASE_URL, SMTP_URL)
  [/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]+):[^\s@/]+@/gi, '$1:[redacted]@'],
]

/** Masks what looks like a secret in a log line: bearer tokens, password or token fields and parameters, URL credentials. */
export function redactSecrets(text: string): string {
  const named = NAMED_VALUES.reduce(maskNamedValues, text)
  return REDACTIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), named)
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
