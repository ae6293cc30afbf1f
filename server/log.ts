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

export const logError = (context: string, err: unknown) => console.error(`[error] ${context}: ${describeError(err)}`)
export const logInfo = (line: string) => console.info(line)
