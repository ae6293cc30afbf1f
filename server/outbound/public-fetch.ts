import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { networkInterfaces } from 'node:os'

/**
 * The one way the server calls a URL someone typed (a webhook endpoint; later a CSV import's
 * image URLs): the host is resolved once, every address it resolves to is checked against the
 * private ranges below and this machine's own addresses, and the connection goes to the checked
 * address (no second lookup a DNS rebinding could answer differently). Redirects are returned,
 * never followed; the whole attempt has a time limit and the answer's body is read up to a cap.
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts the address rule, for tests and private networks.
 */

/** Where a typed URL may not lead: loopback, private, link-local, CGNAT, multicast, unspecified, reserved; ULA, NAT64, 6to4 and the rest in IPv6. */
const PRIVATE_RANGES: [address: string, prefix: number, type: 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata services
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
  // Addresses that carry an IPv4 one a gateway reaches for us (NAT64: 64:ff9b::a9fe:a9fe is
  // 169.254.169.254; 6to4): refused whole, as what they carry is not checked.
  ['64:ff9b::', 96, 'ipv6'], // well-known NAT64
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['2002::', 16, 'ipv6'], // 6to4
]
const privateRanges = new net.BlockList()
for (const [address, prefix, type] of PRIVATE_RANGES) privateRanges.addSubnet(address, prefix, type)

/** This machine's own addresses, read when asked (interfaces come and go). */
const ownAddresses = () =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address.toLowerCase()),
  )

/**
 * Whether `ip` is one a typed URL may not reach. The BlockList also matches IPv4-mapped IPv6
 * addresses (::ffff:10.0.0.1) against the IPv4 ranges.
 */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip)
  if (family === 0) return true
  if (privateRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return true
  const own = ownAddresses()
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip
  return own.has(ip.toLowerCase()) || own.has(mapped)
}

/** Why a URL is refused, in words for a person. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: 'private' | 'unresolved' | 'invalid',
    message: string,
  ) {
    super(message)
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1')

/** The address to connect to: the literal, or the host's first address once all are checked. */
async function checkedAddress(url: URL, allowPrivate: boolean): Promise<LookupAddress> {
  const host = hostOf(url)
  let addresses: LookupAddress[]
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }]
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true })
    } catch {
      throw new OutboundRefused('unresolved', `The host ${host} could not be found`)
    }
  }
  // Any private address refuses the host: a name answering both would otherwise be a coin toss.
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new OutboundRefused('private', `${host} is on a private network or this machine`)
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolved', `The host ${host} could not be found`)
  return addresses[0]!
}

/**
 * The refusal of a URL whose host is an address literal on a private network, without DNS: what
 * a form can be told at once. A host name is checked when it is called (its addresses change).
 */
export function literalRefusal(rawUrl: string, allowPrivate: boolean): 'private' | undefined {
  if (allowPrivate || !URL.canParse(rawUrl)) return undefined
  const host = hostOf(new URL(rawUrl))
  const isLocalName = host === 'localhost' || host.endsWith('.localhost')
  return isLocalName || (net.isIP(host) !== 0 && isPrivateAddress(host)) ? 'private' : undefined
}

export interface PublicFetchOptions {
  allowPrivate: boolean
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string | Buffer
  /** For the whole attempt: lookup, connection, answer and body. */
  timeoutMs?: number
  /** The body is read up to this many bytes, then the connection is closed. */
  maxBodyBytes: number
}

export interface PublicAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  /** At most maxBodyBytes. */
  body: Buffer
  /** Whether the answer went on past maxBodyBytes. */
  truncated: boolean
}

export const PUBLIC_FETCH_TIMEOUT_MS = 10_000

/**
 * Calls `rawUrl` under the rule above. Resolves with any answer (a 3xx too: its Location is not
 * followed); rejects with OutboundRefused before connecting, or with the network's error.
 */
export async function fetchPublic(rawUrl: string, options: PublicFetchOptions): Promise<PublicAnswer> {
  const timeoutMs = options.timeoutMs ?? PUBLIC_FETCH_TIMEOUT_MS
  if (!URL.canParse(rawUrl)) throw new OutboundRefused('invalid', 'Not a URL')
  const url = new URL(rawUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('invalid', 'Only http and https URLs are called')
  const deadline = AbortSignal.timeout(timeoutMs)
  const address = await Promise.race([
    checkedAddress(url, options.allowPrivate),
    new Promise<never>((_, reject) => deadline.addEventListener('abort', () => reject(new Error(`No answer within ${timeoutMs / 1000} s`)))),
  ])
  const client = url.protocol === 'https:' ? https : http
  return new Promise<PublicAnswer>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        // The checked address, whatever a second lookup would say; TLS still checks the host name.
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [address])
          else callback(null, address.address, address.family)
        },
        agent: false,
        signal: deadline,
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        let truncated = false
        const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), truncated })
        response.on('data', (chunk: Buffer) => {
          const room = options.maxBodyBytes - size
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room))
            size += room
            truncated = true
            response.destroy()
            done()
            return
          }
          chunks.push(chunk)
          size += chunk.length
        })
        response.on('end', done)
        response.on('error', (err) => (truncated ? undefined : reject(err)))
      },
    )
    request.on('error', (err) => reject(deadline.aborted ? new Error(`No answer within ${timeoutMs / 1000} s`) : err))
    request.end(options.body)
  })
}
