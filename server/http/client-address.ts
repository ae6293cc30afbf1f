import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * How many proxies of our own stand in front of the server (TRUST_PROXY): 0 or false, none (the
 * socket's peer is the client); 1 or true, one; n, a chain of n. Each trusted proxy appends the
 * address it was reached from to X-Forwarded-For, so the client is the n-th value from the
 * right; everything to its left was written by the client and may say anything.
 */
export type TrustProxy = boolean | number

/** The number of trusted proxy hops (`true` is one, for the settings written before hops). */
export const trustedHops = (trust: TrustProxy): number => (trust === true ? 1 : trust === false ? 0 : Math.max(0, Math.floor(trust)))

/** A forwarded value is an address or a scheme: anything longer is not one our proxy wrote. */
const VALUE_MAX = 100

/**
 * The value our outermost trusted proxy saw, from a header every trusted proxy appends to
 * (X-Forwarded-For, X-Forwarded-Proto): the `hops`-th from the right. With fewer values than
 * hops, the leftmost: the chain was shorter than configured, and all of it is ours. Undefined
 * when nothing is trusted or the header is missing.
 */
export function forwardedValue(c: Context, header: string, trust: TrustProxy): string | undefined {
  const hops = trustedHops(trust)
  if (hops === 0) return undefined
  const values = (c.req.header(header) ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (values.length === 0) return undefined
  const value = values[Math.max(0, values.length - hops)]!
  return value.length <= VALUE_MAX ? value : undefined
}

/** The client's address: the socket's, or X-Forwarded-For's as our trusted proxies wrote it. */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const forwarded = forwardedValue(c, 'X-Forwarded-For', trust)
  if (forwarded) return forwarded
  try {
    return getConnInfo(c).remote.address ?? '-'
  } catch {
    return '-' // not on a Node socket (e.g. app.request in tests)
  }
}
