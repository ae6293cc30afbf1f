import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { TestProject } from 'vitest/node'
import { pgliteDatabase } from '../../server/db/client'
import { adminAccounts, ensureAdmins } from '../../server/db/seed'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated database holding the two test accounts. */
    databaseTemplate: string
  }
}

/**
 * Runs once for the whole server suite: creating a PostgreSQL cluster (initdb) and migrating
 * it takes seconds, loading the result takes a fraction of that, so every test worker starts
 * from this template instead (helpers/test-app.ts).
 */
export default async function setup(project: TestProject) {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  const database = pgliteDatabase(client)
  await database.migrate()
  await ensureAdmins(database.db, adminAccounts(TEST_ADMIN, TEST_SUB_ADMIN))
  const tarball = await client.dumpDataDir('none')
  await client.close()

  const dir = await mkdtemp(join(tmpdir(), 'petcare-test-db-'))
  const path = join(dir, 'template.tar')
  await writeFile(path, new Uint8Array(await tarball.arrayBuffer()))
  project.provide('databaseTemplate', path)
  return () => rm(dir, { recursive: true, force: true })
}
