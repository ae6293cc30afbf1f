import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/client'
import { throttleEvents } from '../db/schema'

/**
 * Rate limits kept in the database (table throttle_events), so that every server process on
 * one database shares them. Each limit counts events of one kind for one key within a sliding
 * window; an attempt over the limit is refused with the seconds until it would be let through.
 *
 * Decisions (docs/DECISIONS.md, Accounts and sign-in; OWASP ASVS 5 V6.3):
 * - Failures count per account and address: someone guessing from elsewhere uses up their own
 *   allowance, never the owner's. Above that, tight ceilings per account from all addresses
 *   (15 minutes and a day) cap a guess spread over many addresses; they do not apply from an
 *   address the account signed in from (or reset its password from) within 30 days
 *   (reserveForAccount), so strangers who fill them never keep the owner out there. Addresses
 *   are address groups (an IPv6 /64: server/http/client-address.ts). Keys use the email as typed
 *   (trimmed, lower-cased) whether or not an account has it, so a refusal says nothing about who
 *   has one.
 * - Sign-in: 5 failures per account and address in 15 minutes; 20 per address across every email
 *   (password spraying); 20 per account in 15 minutes and 100 in a day (NIST SP 800-63B 5.2.2's
 *   cap of 100) from unknown addresses. The attempt over a limit, right password or not, is
 *   refused without checking it.
 * - A successful sign-in clears the account's failures from that address and remembers the
 *   address; it clears neither the address's failures (an attacker holding any account could
 *   interleave their own sign-ins) nor the ceilings (a fresh allowance for a spread guess).
 * - Verification codes: 3 requests per email and address in 15 minutes, 10 per address across
 *   emails, 5 per email from unknown addresses (each mails the owner). Counted whether or not
 *   the email has an account.
 * - Wrong verification codes: 5 per email and address in 15 minutes, 10 per email from unknown
 *   addresses in 15 minutes and 30 in a day, counted by the email as typed; then every code from
 *   there is refused as "too many wrong attempts". A new code asked for from an address clears
 *   its count per email and address (its new code gets 5 tries), never the ceilings. A code can
 *   be tried only from the address that asked for it (server/auth/otp.ts).
 * - Change password, per account: 5 wrong old passwords in 15 minutes, then 429 as sign-in
 *   (a stolen session must not become a way to guess the password). The right one clears them.
 * - Accept-invite and reset-password, per client address: 20 links that did not work (unknown,
 *   used or expired tokens) in 15 minutes, then 429. A made-up token costs a query and never a
 *   hash (the token is checked first), so this only caps the queries; a link that works clears
 *   nothing but its own attempt.
 * - The public pet call, per client address: 60 in a minute. Someone opening shared links, even
 *   a few at once or reloading, stays far below it; walking the pets by the thousand does not.
 * - Refused attempts are not counted, so the wait never grows while someone keeps trying.
 */

export interface ThrottleRule {
  /** throttle_events.kind */
  kind: string
  /** Events allowed within the window; the next one is refused. */
  max: number
  windowMs: number
  /**
   * A ceiling per account from all addresses: it does not apply from an address the account
   * signed in from within KNOWN_ADDRESS_MS (reserveForAccount), so strangers cannot use it to
   * keep the owner out at home or at work.
   */
  accountCeiling?: true
}

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

export const THROTTLE = {
  signInAccountAddress: { kind: 'sign_in_failure.account_address', max: 5, windowMs: 15 * MINUTE_MS },
  signInAddress: { kind: 'sign_in_failure.address', max: 20, windowMs: 15 * MINUTE_MS },
  signInAccount: { kind: 'sign_in_failure.account', max: 20, windowMs: 15 * MINUTE_MS, accountCeiling: true },
  signInAccountDay: { kind: 'sign_in_failure.account_day', max: 100, windowMs: DAY_MS, accountCeiling: true },
  otpEmailAddress: { kind: 'otp_request.email_address', max: 3, windowMs: 15 * MINUTE_MS },
  otpAddress: { kind: 'otp_request.address', max: 10, windowMs: 15 * MINUTE_MS },
  otpEmail: { kind: 'otp_request.email', max: 5, windowMs: 15 * MINUTE_MS, accountCeiling: true },
  otpVerifyEmailAddress: { kind: 'otp_failure.email_address', max: 5, windowMs: 15 * MINUTE_MS },
  otpVerifyEmail: { kind: 'otp_failure.email', max: 10, windowMs: 15 * MINUTE_MS, accountCeiling: true },
  otpVerifyEmailDay: { kind: 'otp_failure.email_day', max: 30, windowMs: DAY_MS, accountCeiling: true },
  changePassword: { kind: 'password_change_failure.account', max: 5, windowMs: 15 * MINUTE_MS },
  passwordLinkAddress: { kind: 'password_link_failure.address', max: 20, windowMs: 15 * MINUTE_MS },
  petPageAddress: { kind: 'pet_page.address', max: 60, windowMs: MINUTE_MS },
} as const satisfies Record<string, ThrottleRule>

/**
 * How long an address the account signed in from (or reset its password from) stays its own:
 * kept in throttle_events as one row per account and address, its time the latest success.
 */
export const KNOWN_ADDRESS_MS = 30 * DAY_MS
const KNOWN_ADDRESS_KIND = 'sign_in_success.account_address'

/** Every kind with the window after which its rows count for nothing and are pruned. */
const WINDOWS: { kind: string; windowMs: number }[] = [
  ...Object.values(THROTTLE),
  { kind: KNOWN_ADDRESS_KIND, windowMs: KNOWN_ADDRESS_MS },
]
/** Old rows are deleted at most this often per app (and on the first call). */
const PRUNE_EVERY_MS = MINUTE_MS

export interface ThrottleDeps {
  db: Db
  clock: Clock
}

/** The key of a limit per account (the email as typed) and client address. */
export const accountAddressKey = (email: string, address: string) => `${email} ${address}`

export interface ThrottleKey {
  rule: ThrottleRule
  key: string
}

/** An attempt let through: its events are counted until released. */
export interface Reservation {
  ok: true
  ids: string[]
}

/** An attempt refused by `rule`, which lets one through again in `retryAfterS` seconds. */
export interface Refusal {
  ok: false
  rule: ThrottleRule
  retryAfterS: number
}

const lastPrune = new WeakMap<object, number>()

/** Deletes the rows no window counts any more, at most once a minute for one app's deps. */
async function pruneSometimes(deps: ThrottleDeps, now: Date): Promise<void> {
  const last = lastPrune.get(deps)
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return
  lastPrune.set(deps, now.getTime())
  // Each kind by its own window: a day's or a month's rows must not keep a minute's alive.
  const expired = WINDOWS.map(({ kind, windowMs }) =>
    and(eq(throttleEvents.kind, kind), lte(throttleEvents.at, new Date(now.getTime() - windowMs))),
  )
  await deps.db.delete(throttleEvents).where(or(...expired))
}

/**
 * Counts one attempt against each key, or refuses it when any key is already at its limit.
 *
 * The attempt's events are written first and counted after, so parallel attempts cannot all
 * slip under a limit: of N concurrent attempts, at most `max` see a count within it. A refused
 * attempt's events are deleted again (refusals do not count). A let-through attempt's events
 * stay: they are the failure record, unless `release` (not a failure) or `clear` removes them.
 */
export async function reserve(deps: ThrottleDeps, keys: ThrottleKey[]): Promise<Reservation | Refusal> {
  const now = deps.clock.now()
  await pruneSometimes(deps, now)
  const own = await deps.db
    .insert(throttleEvents)
    .values(keys.map(({ rule, key }) => ({ kind: rule.kind, key, at: now })))
    .returning({ id: throttleEvents.id })
  const ownIds = own.map((row) => row.id)

  let refusal: Refusal | undefined
  for (const { rule, key } of keys) {
    const rows = await deps.db
      .select({ id: throttleEvents.id, at: throttleEvents.at })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.kind, rule.kind), eq(throttleEvents.key, key), gt(throttleEvents.at, new Date(now.getTime() - rule.windowMs))))
      .orderBy(asc(throttleEvents.at), asc(throttleEvents.id))
    const others = rows.filter((row) => !ownIds.includes(row.id))
    if (others.length < rule.max) continue
    // A new attempt fits once all but max - 1 of the others have left the window.
    const freeing = others[others.length - rule.max]!
    const waitMs = freeing.at.getTime() + rule.windowMs - now.getTime()
    const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000))
    if (!refusal || retryAfterS > refusal.retryAfterS) refusal = { ok: false, rule, retryAfterS }
  }
  if (refusal) {
    await release(deps, ownIds)
    return refusal
  }
  return { ok: true, ids: ownIds }
}

/** Takes back an attempt's events: it turned out not to count (a sign-in with the right password). */
export async function release(deps: ThrottleDeps, ids: string[]): Promise<void> {
  if (ids.length > 0) await deps.db.delete(throttleEvents).where(inArray(throttleEvents.id, ids))
}

/** Forgets every event of `rule` for `key` (a successful sign-in clears the account's failures). */
export async function clear(deps: ThrottleDeps, rule: ThrottleRule, key: string): Promise<void> {
  await deps.db.delete(throttleEvents).where(and(eq(throttleEvents.kind, rule.kind), eq(throttleEvents.key, key)))
}

/**
 * Counts one attempt at an account (`email` as typed, from `address`) like `reserve`, except
 * that a refusal by an account ceiling is looked at again: from an address the account signed
 * in from within KNOWN_ADDRESS_MS the attempt is counted without the ceilings, so only its own
 * limits per account and address (and per address) apply. The look-up (one indexed row) is made
 * only when a ceiling refused.
 */
export async function reserveForAccount(
  deps: ThrottleDeps,
  keys: ThrottleKey[],
  email: string,
  address: string,
): Promise<Reservation | Refusal> {
  const attempt = await reserve(deps, keys)
  if (attempt.ok || !attempt.rule.accountCeiling) return attempt
  if (!(await isKnownAddress(deps, email, address))) return attempt
  return reserve(
    deps,
    keys.filter(({ rule }) => !rule.accountCeiling),
  )
}

/** Whether the account signed in (or reset its password) from `address` within KNOWN_ADDRESS_MS. */
export async function isKnownAddress(deps: ThrottleDeps, email: string, address: string): Promise<boolean> {
  const since = new Date(deps.clock.now().getTime() - KNOWN_ADDRESS_MS)
  const [row] = await deps.db
    .select({ id: throttleEvents.id })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.kind, KNOWN_ADDRESS_KIND), eq(throttleEvents.key, accountAddressKey(email, address)), gt(throttleEvents.at, since)))
    .limit(1)
  return row !== undefined
}

/** Records that the owner proved themselves from `address` now (one row per account and address). */
export async function rememberAddress(deps: ThrottleDeps, email: string, address: string): Promise<void> {
  const key = accountAddressKey(email, address)
  await deps.db.transaction(async (tx) => {
    await tx.delete(throttleEvents).where(and(eq(throttleEvents.kind, KNOWN_ADDRESS_KIND), eq(throttleEvents.key, key)))
    await tx.insert(throttleEvents).values({ kind: KNOWN_ADDRESS_KIND, key, at: deps.clock.now() })
  })
}
