/** Helpers for running the server suite on a real PostgreSQL server (DATABASE_URL). */

/** A PostgreSQL identifier, quoted. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The same server and credentials as `databaseUrl`, another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl)
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

/**
 * A new empty database on the DATABASE_URL server (for tests that start the real server on
 * PostgreSQL), and how to drop it.
 */
export async function scratchDatabase(databaseUrl: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`)
  await admin.query(`create database ${quoteIdent(name)}`)
  return {
    url: databaseUrlFor(databaseUrl, name),
    async drop() {
      await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`)
      await admin.end()
    },
  }
}
