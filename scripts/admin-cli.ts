import { parseArgs } from 'node:util'
import { adminRoleLabel, emailField, passwordField, profileNameField, ROLE, USER_STATUS, type Role } from '../contract'
import { createAccount, listAccounts, reinvite, setAccountStatus, type AccountRow } from '../server/auth/admin-accounts'
import { findAdminByEmail } from '../server/auth/admins'
import { inviteLink, inviteMail } from '../server/auth/invites'
import { hashPassword } from '../server/auth/passwords'
import type { Db } from '../server/db/client'
import { describeError } from '../server/log'
import type { Mailer } from '../server/mail/mailer'

/**
 * The admin accounts CLI, for the first deployment and for when nobody can sign in:
 * the commands over an open database, without process concerns (scripts/admin.ts opens the
 * database and exits with the code returned here).
 */

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  list                                      every admin account
  create --email E --name N --role R        create an account (R: admin or subadmin); without
         [--password P]                     --password, an invitation is mailed and its
                                            one-time link printed (valid 72 hours)
  invite --email E                          a new invitation link for an account without a password
  block --email E                           block an account and end its sessions
  unblock --email E                         unblock an account

The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (default ./data),
which must not be in use by a running server. Invitation links start with PUBLIC_URL
(default http://localhost:PORT). A --password stays in your shell history: prefer the link.`

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const
export const COMMANDS: readonly string[] = ['list', 'create', 'invite', 'block', 'unblock']

export interface CliContext {
  db: Db
  mailer: Mailer
  now: () => Date
  /** Where invitation links point (PUBLIC_URL or the local server). */
  baseUrl: string
  out: (line: string) => void
  err: (line: string) => void
}

const ROLE_ARG: Record<string, Role> = { admin: ROLE.ADMIN, '1': ROLE.ADMIN, subadmin: ROLE.SUB_ADMIN, 'sub-admin': ROLE.SUB_ADMIN, '2': ROLE.SUB_ADMIN }

class UsageError extends Error {}

function check<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: string | undefined, option: string): T {
  if (value === undefined) throw new UsageError(`--${option} is required.`)
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new UsageError(`--${option}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}

const formatRow = (a: AccountRow) =>
  [
    a.email.padEnd(32),
    a.name.padEnd(24),
    adminRoleLabel[a.role].padEnd(10),
    (a.status === USER_STATUS.ACTIVE ? 'Active' : 'Blocked').padEnd(8),
    a.passwordHash === null ? 'invited' : 'password set',
  ].join(' ')

/** Runs one command; returns the process's exit code (0 ok, 1 refused or failed, 2 bad usage). */
export async function runAdminCli(argv: string[], ctx: CliContext): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (!command || command === 'help' || command === '--help' || command === '-h') {
      ;(command ? ctx.out : ctx.err)(USAGE)
      return command ? EXIT.ok : EXIT.usage
    }
    const { values } = (() => {
      try {
        return parseArgs({
          args: rest,
          options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, password: { type: 'string' } },
          strict: true,
          allowPositionals: false,
        })
      } catch (e) {
        throw new UsageError((e as Error).message)
      }
    })()
    const allowOnly = (...names: string[]) => {
      const extra = Object.keys(values).filter((k) => !names.includes(k))
      if (extra.length) throw new UsageError(`${command} does not take --${extra.join(', --')}.`)
    }

    switch (command) {
      case 'list': {
        allowOnly()
        const rows = await listAccounts(ctx.db)
        ctx.out(`${'Email'.padEnd(32)} ${'Name'.padEnd(24)} ${'Role'.padEnd(10)} ${'Status'.padEnd(8)} Password`)
        rows.forEach((a) => ctx.out(formatRow(a)))
        ctx.out(`${rows.length} account(s).`)
        return EXIT.ok
      }
      case 'create': {
        allowOnly('email', 'name', 'role', 'password')
        const email = check(emailField, values.email, 'email')
        const name = check(profileNameField, values.name, 'name')
        const role = values.role === undefined ? undefined : ROLE_ARG[values.role.toLowerCase()]
        if (role === undefined) throw new UsageError('--role must be admin or subadmin.')
        const password = values.password === undefined ? undefined : check(passwordField, values.password, 'password')
        const passwordHash = password === undefined ? null : await hashPassword(password)
        const created = await createAccount(ctx.db, { name, email, role, passwordHash }, ctx.now())
        if (!created.ok) {
          ctx.err(`An admin with the email ${email.toLowerCase()} already exists.`)
          return EXIT.failed
        }
        ctx.out(`Created the ${adminRoleLabel[role].toLowerCase()} account ${created.account.email}.`)
        if (created.invite) await deliverInvite(ctx, created.account, created.invite)
        else ctx.out('They can sign in with the password given.')
        return EXIT.ok
      }
      case 'invite': {
        allowOnly('email')
        const admin = await findAdminByEmail(ctx.db, check(emailField, values.email, 'email'))
        if (!admin) return notFound(ctx, values.email!)
        const outcome = await reinvite(ctx.db, admin.id, ctx.now())
        if (!outcome.ok) {
          ctx.err(outcome.reason === 'alreadyAccepted' ? `${admin.email} has already set a password (use Forgot Password).` : `${admin.email} is blocked: unblock it first.`)
          return EXIT.failed
        }
        await deliverInvite(ctx, outcome.account, outcome.invite)
        return EXIT.ok
      }
      case 'block':
      case 'unblock': {
        allowOnly('email')
        const admin = await findAdminByEmail(ctx.db, check(emailField, values.email, 'email'))
        if (!admin) return notFound(ctx, values.email!)
        const status = command === 'block' ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE
        const outcome = await setAccountStatus(ctx.db, { id: admin.id, status }, ctx.now())
        if (!outcome.ok) {
          ctx.err(outcome.reason === 'lastAdmin' ? `${admin.email} is the last active admin and cannot be blocked.` : `No admin with the email ${admin.email}.`)
          return EXIT.failed
        }
        ctx.out(command === 'block' ? `Blocked ${admin.email}; their sessions have ended.` : `Unblocked ${admin.email}.`)
        return EXIT.ok
      }
      default:
        throw new UsageError(`Unknown command "${command}".`)
    }
  } catch (e) {
    if (e instanceof UsageError) {
      ctx.err(`${e.message}\n\n${USAGE}`)
      return EXIT.usage
    }
    ctx.err(`Failed: ${describeError(e)}`)
    return EXIT.failed
  }
}

function notFound(ctx: CliContext, email: string) {
  ctx.err(`No admin with the email ${email.trim().toLowerCase()}.`)
  return EXIT.failed
}

/** Mails the invitation and prints its link (so a first deployment without mail can still use it). */
async function deliverInvite(ctx: CliContext, account: AccountRow, invite: { token: string; expiresAt: Date }) {
  const link = inviteLink(ctx.baseUrl, invite.token)
  try {
    await ctx.mailer.send({ to: account.email, ...inviteMail(account.name, link, invite.expiresAt) })
    ctx.out(`Invitation mailed to ${account.email}.`)
  } catch (e) {
    ctx.err(`The invitation mail could not be sent (${describeError(e)}); give them the link below.`)
  }
  ctx.out(`One-time link to set the password (until ${invite.expiresAt.toISOString()}):\n  ${link}`)
}
