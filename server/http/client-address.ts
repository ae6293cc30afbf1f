import { isIPv4, isIPv6 } from 'node:net'
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

/**
 * The address as throttles and codes count it: an IPv6 address by its /64 network (one home or
 * phone line gets a whole /64 and may pick any address in it, so counting whole addresses would
 * give one network unlimited "addresses"), an IPv4-mapped one (::ffff:a.b.c.d) as its IPv4, and
 * an IPv4 address whole. Anything else (no address, '-') as it is.
 */
export function addressGroup(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIPv4(bare)) return bare
  if (!isIPv6(bare)) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!
  return `${ipv6Hextets(bare).slice(0, 4).join(':')}::/64`
}

/** The 8 hextets of a valid IPv6 address, without leading zeros (an embedded IPv4 tail as two). */
function ipv6Hextets(address: string): string[] {
  let text = address.toLowerCase()
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((h) => parseInt(h, 16).toString(16))
}

/** The client's address group (addressGroup): the one every throttle key and code uses. */
export const clientAddressGroup = (c: Context, trust: TrustProxy): string => addressGroup(clientAddress(c, trust))
