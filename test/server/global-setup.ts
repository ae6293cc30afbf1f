import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres, pgliteDatabase, type Database } from '../../server/db/client'
import { adminAccounts, ensureAdmins } from '../../server/seed/seed'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { databaseUrlFor, quoteIdent } from './helpers/postgres'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded runs: a tarball of a migrated database holding the two test accounts. */
    databaseTemplate: string
    /**
     * PostgreSQL runs (DATABASE_URL set): the name of the migrated template database; each
     * worker's database is created from it and named with it as a prefix.
     */
    postgresTemplate: string
  }
}

async function prepare(database: Database) {
  await database.migrate()
  await ensureAdmins(database.db, adminAccounts(TEST_ADMIN, TEST_SUB_ADMIN))
}

/**
 * Runs once for the whole server suite: creating a PostgreSQL cluster (initdb) and migrating
 * it takes seconds, loading the result takes a fraction of that, so every test worker starts
 * from this template instead (helpers/test-app.ts).
 *
 * With DATABASE_URL set the suite runs on that PostgreSQL server instead: the template is a
 * database of its own (petcare_t<random>), each worker creates its database from it (CREATE
 * DATABASE ... TEMPLATE), and all of them are dropped at the end. The DATABASE_URL role must be
 * allowed to create databases and to set session_replication_role (a superuser, as in CI).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL?.trim()
  return databaseUrl ? setupPostgres(project, databaseUrl) : setupPglite(project)
}

async function setupPglite(project: TestProject) {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  await prepare(pgliteDatabase(client))
  const tarball = await client.dumpDataDir('none')
  await client.close()

  const dir = await mkdtemp(join(tmpdir(), 'petcare-test-db-'))
  const path = join(dir, 'template.tar')
  await writeFile(path, new Uint8Array(await tarball.arrayBuffer()))
  project.provide('databaseTemplate', path)
  project.provide('postgresTemplate', '')
  return () => rm(dir, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject, databaseUrl: string) {
  const template = `petcare_t${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`create database ${quoteIdent(template)}`)
  const database = openPostgres(databaseUrlFor(databaseUrl, template))
  try {
    await prepare(database)
  } finally {
    await database.close() // CREATE DATABASE ... TEMPLATE wants nobody connected to the template
  }
  project.provide('databaseTemplate', '')
  project.provide('postgresTemplate', template)

  return async () => {
    const { rows } = await admin.query<{ name: string }>(
      `select datname as name from pg_database where datname = $1 or datname like $2`,
      [template, `${template}\\_w%`],
    )
    for (const { name } of rows) await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`)
    await admin.end()
  }
}
