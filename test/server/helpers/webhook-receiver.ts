import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A webhook receiver written from the Standard Webhooks specification (standardwebhooks.com,
 * "Verifying webhook authenticity"), on 127.0.0.1: it takes the key from the `whsec_` secret,
 * signs `${webhook-id}.${webhook-timestamp}.${raw body}` with HMAC-SHA256, compares it in constant
 * time with each `v1,` signature of the space-separated header, and refuses a timestamp more than
 * `toleranceSeconds` from `now`. A verified request is answered as `answer` says; a refused one 401.
 */
export interface ReceivedWebhook {
  id: string
  timestamp: number
  body: string
  event: { type: string; timestamp: string; data: Record<string, unknown> }
  headers: IncomingHttpHeaders
  path: string
}

export interface Answer {
  status: number
  body?: string
  headers?: Record<string, string>
  /** Waits this long before answering. */
  delayMs?: number
}

export async function webhookReceiver(options: { secret?: string; now: () => Date; toleranceSeconds?: number; port?: number }) {
  let secret = options.secret ?? ''
  const tolerance = options.toleranceSeconds ?? 5 * 60
  const received: ReceivedWebhook[] = []
  const refused: { path: string; reason: string }[] = []
  const hits: string[] = []
  let answer: (n: number, hook: ReceivedWebhook) => Answer = () => ({ status: 204 })

  const verify = (headers: IncomingHttpHeaders, body: string): string | undefined => {
    const id = headers['webhook-id']
    const timestamp = headers['webhook-timestamp']
    const signatures = headers['webhook-signature']
    if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return 'missing headers'
    if (!/^\d+$/.test(timestamp)) return 'bad timestamp'
    const nowSeconds = Math.floor(options.now().getTime() / 1000)
    if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) return 'timestamp out of tolerance'
    if (!secret.startsWith('whsec_')) return 'no secret'
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
    const matches = signatures.split(' ').some((versioned) => {
      const [version, signature] = versioned.split(',')
      if (version !== 'v1' || !signature) return false
      const given = Buffer.from(signature, 'base64')
      return given.length === expected.length && timingSafeEqual(given, expected)
    })
    return matches ? undefined : 'no signature matches'
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? '/'
      hits.push(path)
      const body = Buffer.concat(chunks).toString('utf8')
      const reason = verify(req.headers, body)
      if (reason) {
        refused.push({ path, reason })
        res.writeHead(401).end(reason)
        return
      }
      const hook: ReceivedWebhook = {
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        body,
        event: JSON.parse(body) as ReceivedWebhook['event'],
        headers: req.headers,
        path,
      }
      received.push(hook)
      const a = answer(received.length, hook)
      const send = () => res.writeHead(a.status, a.headers).end(a.body ?? '')
      if (a.delayMs) setTimeout(send, a.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    refused,
    /** Every path asked for, verified or not. */
    hits,
    setSecret: (s: string) => {
      secret = s
    },
    /** How to answer the n-th verified delivery (1-based). */
    answerWith: (fn: typeof answer) => {
      answer = fn
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>
