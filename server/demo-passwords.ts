import { and, eq, inArray } from 'drizzle-orm'
import { DEFAULT_PASSWORDS, type ServerConfig } from './config'
import type { Db } from './db/client'
import { admins } from './db/schema'
import { verifyPassword } from './auth/passwords'

const DEMO_PASSWORDS: readonly string[] = Object.values(DEFAULT_PASSWORDS)
/** The demo accounts' built-in emails (config.ts defaults), checked even when others are configured. */
const DEMO_EMAILS = ['admin@petcare.local', 'subadmin@petcare.local']

const NOT_STARTED = 'The server did not start.'

/**
 * Why a production server must not start with the configured passwords, or undefined. The demo
 * passwords are published in the README, so with NODE_ENV=production an account must not be
 * created with one.
 */
export function configuredDemoPassword(config: Pick<ServerConfig, 'admin' | 'subAdmin'>): string | undefined {
  const variables = [
    ...(DEMO_PASSWORDS.includes(config.admin.password) ? ['ADMIN_PASSWORD'] : []),
    ...(DEMO_PASSWORDS.includes(config.subAdmin.password) ? ['SUB_ADMIN_PASSWORD'] : []),
  ]
  if (variables.length === 0) return undefined
  return (
    `NODE_ENV is production but ${variables.join(' and ')} ${variables.length > 1 ? 'are' : 'is'} unset or a built-in demo password: ` +
    `set ${variables.join(' and ')} to a password of your own. ${NOT_STARTED}`
  )
}

/**
 * The same for accounts already in the database (created by an earlier demo start, where a
 * password set later in the environment no longer applies): the configured and the demo accounts
 * must not sign in with a demo password (a blocked account cannot sign in at all).
 */
export async function storedDemoPassword(db: Db, config: Pick<ServerConfig, 'admin' | 'subAdmin'>): Promise<string | undefined> {
  const emails = [...new Set([config.admin.email, config.subAdmin.email, ...DEMO_EMAILS])]
  const rows = await db.select({ email: admins.email, passwordHash: admins.passwordHash }).from(admins).where(and(inArray(admins.email, emails), eq(admins.status, 1)))
  const checks = await Promise.all(
    rows.map(async (row) => ({
      email: row.email,
      demo: row.passwordHash !== null && (await Promise.all(DEMO_PASSWORDS.map((p) => verifyPassword(row.passwordHash, p)))).some(Boolean),
    })),
  )
  const weak = checks.filter((c) => c.demo).map((c) => c.email)
  if (weak.length === 0) return undefined
  return (
    `NODE_ENV is production but ${weak.join(' and ')} still ${weak.length > 1 ? 'sign' : 'signs'} in with a built-in demo password: ` +
    `change it in the panel (start once without NODE_ENV=production), or block the account (npm run admin -- block --email ${weak[0]}). ${NOT_STARTED}`
  )
}
