import { openAsBlob } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { inject } from 'vitest'

/**
 * The suite's migrated embedded database as a tarball (global-setup.ts); none in a PostgreSQL run.
 * A Blob backed by the file: one made from its 40 MB read into memory took Node about 0.4 s more.
 */
export async function embeddedTemplate(): Promise<Blob | undefined> {
  const path = inject('databaseTemplate')
  return path ? openAsBlob(path) : undefined
}

/**
 * Writes the template into `dir` as an embedded database directory (a server keeps its own in
 * DATA_DIR/db), so that opening it skips creating a cluster: about 1.5 s instead of 5 s of CPU.
 * False when there is no template, and `dir` is left alone.
 */
export async function copyEmbeddedTemplate(dir: string): Promise<boolean> {
  const loadDataDir = await embeddedTemplate()
  if (!loadDataDir) return false
  await (await PGlite.create(dir, { loadDataDir, extensions: { pg_trgm } })).close()
  return true
}
