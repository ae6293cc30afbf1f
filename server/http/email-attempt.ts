import { normaliseEmail } from '../auth/admins'
import { accountAddressKey, reserveForAccount, type ThrottleRule } from '../auth/throttle'
import type { Deps } from '../deps'
import { clientAddressGroup } from './client-address'
import type { AppContext } from './env'

/** A public call's limits on an email typed: with the client's address, by that address alone (if any), then from all addresses. */
export interface EmailRules {
  emailAddress: ThrottleRule
  address?: ThrottleRule
  email: ThrottleRule[]
}

/**
 * The public calls that name an account by the email typed (sign-in, the OTP calls), whether or
 * not it has one: the email as accounts are keyed, the client's address group, and the attempt
 * counted against `rules`, the account's ceilings skipped from an address it signed in from
 * (server/auth/throttle.ts, reserveForAccount). `emailAddress` is the key of the first rule.
 */
export async function emailAttempt(c: AppContext, deps: Deps, typed: string, rules: EmailRules) {
  const email = normaliseEmail(typed)
  const address = clientAddressGroup(c, deps.config.trustProxy)
  const emailAddress = accountAddressKey(email, address)
  const keys = [
    { rule: rules.emailAddress, key: emailAddress },
    ...(rules.address ? [{ rule: rules.address, key: address }] : []),
    ...rules.email.map((rule) => ({ rule, key: email })),
  ]
  return { email, address, emailAddress, attempt: await reserveForAccount(deps, keys, email, address) }
}
