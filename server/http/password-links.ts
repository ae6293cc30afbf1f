import { THROTTLE_MSG } from '../../contract'
import { release, reserve, THROTTLE, type Reservation } from '../auth/throttle'
import type { Deps } from '../deps'
import { clientAddressGroup } from './client-address'
import type { AppContext } from './env'
import { TooManyRequests } from './errors'

/**
 * The public calls that take a token from a mailed link and set a password (accept-invite,
 * reset-password): each try is counted against the client's address, as a failure until
 * `succeeded` takes it back, and refused with 429 over THROTTLE.passwordLinkAddress. The
 * token is checked before the password is hashed, so a try with a made-up token costs queries.
 */
export async function passwordLinkAttempt(c: AppContext, deps: Deps): Promise<{ succeeded(): Promise<void> }> {
  const attempt = await reserve(deps, [{ rule: THROTTLE.passwordLinkAddress, key: clientAddressGroup(c, deps.config.trustProxy) }])
  if (!attempt.ok) throw new TooManyRequests(THROTTLE_MSG.passwordLink(attempt.retryAfterS), attempt.retryAfterS)
  const reservation: Reservation = attempt
  return { succeeded: () => release(deps, reservation.ids) }
}
