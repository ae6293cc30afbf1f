/**
 * PostgreSQL's refusals that routes answer themselves (a 409 rather than a 500): the error's
 * SQLSTATE and constraint, read through Drizzle's wrapper (DrizzleQueryError keeps the driver's
 * error as `cause`), the same for PGlite and node-postgres.
 */

export const PG_CODE = {
  /** A delete of a row that rows of another table still reference, ON DELETE RESTRICT. */
  restrictViolation: '23001',
  /** The same under ON DELETE NO ACTION, and a reference to a row that is not there. */
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
} as const
type PgCode = (typeof PG_CODE)[keyof typeof PG_CODE]

interface PgError {
  code: string
  constraint?: string
}

function pgErrorOf(err: unknown): PgError | undefined {
  for (let e = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code } = e as { code?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError
  }
  return undefined
}

/** Whether `err` is PostgreSQL's `code` error, on `constraint` when one is given. */
export function isPgError(err: unknown, code: PgCode, constraint?: string): boolean {
  const pg = pgErrorOf(err)
  return pg !== undefined && pg.code === code && (constraint === undefined || pg.constraint === constraint)
}
