import { createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2'
import type { AddressInfo } from 'node:net'
import type { Clock } from '../../../server/clock'
import type { FcmConfig, ServiceAccount } from '../../../server/config'
import { FCM_SCOPE, JWT_BEARER_GRANT } from '../../../server/notifications/fcm-auth'

/**
 * A local FCM for the tests and the bench: an HTTP/2 server (h2c) on 127.0.0.1 that serves the
 * OAuth2 token endpoint and `messages:send` as Google documents them and checks what they check:
 * the assertion's RS256 signature against the test service account's public key and its claims,
 * the access token it issued (and its expiry, by `clock`), the project in the path, and the
 * message's shape (one target; notification title and body strings; data values strings; the
 * TTL formats). What it finds wrong is answered 400/401 and kept in `problems`. Each token's
 * messages are counted, and answered as scripted (success by default).
 */

export type FakeAnswer =
  | 'ok'
  | 'unregistered'
  | 'invalid-token'
  | 'sender-mismatch'
  | { status: 429 | 503; retryAfter?: string }
  | { status: 500 }
  /** Answers only after this long (then success): a message in flight. */
  | { delayMs: number }

export interface FakeFcmOptions {
  clock?: Clock
  /** Seconds each access token it issues lasts (Google's: 3599). */
  expiresIn?: number
  projectId?: string
  /** Count messages in a typed array instead of a map (the bench's million tokens): the token's slot, or -1. */
  slotOf?: (token: string) => number
  slots?: number
  /** Keep every request's token and time (tests), not only the counts. */
  keepRequests?: boolean
}

export interface FakeFcm {
  /** The origin for FCM_BASE_URL. */
  url: string
  /** The test service account, its token_uri pointing here (as FCM_SERVICE_ACCOUNT_JSON takes it). */
  serviceAccountJson: string
  serviceAccount: ServiceAccount
  /** What the app's configuration would be with this service account and origin. */
  config(overrides?: Partial<Omit<FcmConfig, 'serviceAccount' | 'baseUrl'>>): FcmConfig
  /** Answers for a token's next messages, in order; then success. */
  script(token: string, ...answers: FakeAnswer[]): void
  /** Messages received per token (authorised and well formed), whatever the answer. */
  received(token: string): number
  /** Every message received, in order (with keepRequests). */
  requests: { token: string; at: number; status: number }[]
  /** Tokens received per slot (with slotOf). */
  counts: Uint16Array | undefined
  messages: number
  tokenExchanges: number
  /** The last well-formed message (its `message` object). */
  lastMessage: Record<string, unknown> | undefined
  problems: string[]
  /** Forgets every access token it issued (as a revoked key): the next message is answered 401. */
  revokeTokens(): void
  close(): Promise<void>
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>

function readBody(req: Http2ServerRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (text += c))
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })
}

const FCM_ERROR = 'type.googleapis.com/google.firebase.fcm.v1.FcmError'

function errorBody(code: number, status: string, message: string, errorCode?: string, field?: string) {
  const details: unknown[] = []
  if (errorCode) details.push({ '@type': FCM_ERROR, errorCode })
  if (field) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: message }] })
  return JSON.stringify({ error: { code, message, status, details } })
}

/** What FCM would refuse in `message`, by its field, or undefined. */
function shapeProblem(message: unknown): [string, string] | undefined {
  if (typeof message !== 'object' || message === null) return ['message', 'message must be an object']
  const m = message as Record<string, unknown>
  const allowed = ['name', 'data', 'notification', 'android', 'webpush', 'apns', 'fcm_options', 'token', 'topic', 'condition']
  const unknown = Object.keys(m).filter((k) => !allowed.includes(k))
  if (unknown.length) return [`message.${unknown[0]}`, `Invalid JSON payload received. Unknown name "${unknown[0]}"`]
  const targets = ['token', 'topic', 'condition'].filter((k) => k in m)
  if (targets.length !== 1) return ['message', 'Exactly one of token, topic or condition must be set']
  if (typeof m.token !== 'string' || m.token === '') return ['message.token', 'The registration token is not a valid FCM registration token']
  const n = m.notification as Record<string, unknown> | undefined
  if (!n || typeof n.title !== 'string' || typeof n.body !== 'string') return ['message.notification', 'notification title and body must be strings']
  const data = m.data as Record<string, unknown> | undefined
  if (data !== undefined) {
    if (typeof data !== 'object' || data === null) return ['message.data', 'data must be a map']
    for (const [k, v] of Object.entries(data)) {
      if (typeof v !== 'string') return [`message.data[${k}].value`, `Invalid value at 'message.data[${k}].value' (TYPE_STRING)`]
      if (k === 'from' || k.startsWith('google') || k.startsWith('gcm')) return [`message.data[${k}].key`, 'Invalid data key']
    }
  }
  const ttl = (m.android as { ttl?: unknown } | undefined)?.ttl
  if (ttl !== undefined && !(typeof ttl === 'string' && /^\d{1,7}(\.\d{1,9})?s$/.test(ttl) && parseFloat(ttl) <= 2_419_200))
    return ['message.android.ttl', 'Invalid value at message.android.ttl (Duration)']
  const apns = (m.apns as { headers?: Record<string, unknown> } | undefined)?.headers?.['apns-expiration']
  if (apns !== undefined && !(typeof apns === 'string' && /^\d+$/.test(apns))) return ['message.apns.headers', 'apns-expiration must be a UNIX time in seconds']
  const webTtl = (m.webpush as { headers?: Record<string, unknown> } | undefined)?.headers?.TTL
  if (webTtl !== undefined && !(typeof webTtl === 'string' && /^\d+$/.test(webTtl))) return ['message.webpush.headers', 'TTL must be seconds']
  return undefined
}

/** Starts the fake on a free loopback port, with a new service account key. */
export async function startFakeFcm(options: FakeFcmOptions = {}): Promise<FakeFcm> {
  const clock = options.clock ?? { now: () => new Date() }
  const projectId = options.projectId ?? 'petcare-test'
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const keyId = randomBytes(20).toString('hex')
  const email = `push@${projectId}.iam.gserviceaccount.com`
  const issued = new Map<string, number>() // access token -> expiry (ms, by clock)
  const scripts = new Map<string, FakeAnswer[]>()
  const receivedBy = new Map<string, number>()
  const counts = options.slotOf ? new Uint16Array(options.slots ?? 0) : undefined
  let tokenUri = ''

  const fake: FakeFcm = {
    url: '',
    serviceAccountJson: '',
    serviceAccount: undefined as unknown as ServiceAccount,
    config: (overrides = {}) => ({ serviceAccount: fake.serviceAccount, baseUrl: fake.url, ttlSeconds: 2_419_200, linkBase: 'petcare://notifications/', ...overrides }),
    script: (token, ...answers) => void scripts.set(token, [...(scripts.get(token) ?? []), ...answers]),
    received: (token) => receivedBy.get(token) ?? 0,
    requests: [],
    counts,
    messages: 0,
    tokenExchanges: 0,
    lastMessage: undefined,
    problems: [],
    revokeTokens: () => issued.clear(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        sessions.forEach((session) => session.close())
      }),
  }

  const send = (res: Http2ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers })
    res.end(body)
  }

  const tokenEndpoint = (form: URLSearchParams, res: Http2ServerResponse) => {
    const refuse = (why: string) => {
      fake.problems.push(`token: ${why}`)
      send(res, 400, JSON.stringify({ error: 'invalid_grant', error_description: why }))
    }
    if (form.get('grant_type') !== JWT_BEARER_GRANT) return refuse(`grant_type ${form.get('grant_type')}`)
    const parts = (form.get('assertion') ?? '').split('.')
    if (parts.length !== 3) return refuse('the assertion is not a JWT')
    const [h, c, s] = parts as [string, string, string]
    let header: Record<string, unknown>
    let claims: Record<string, unknown>
    try {
      header = b64json(h)
      claims = b64json(c)
    } catch {
      return refuse('the assertion is not JSON')
    }
    if (header.alg !== 'RS256' || header.kid !== keyId) return refuse(`header ${JSON.stringify(header)}`)
    if (!createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey as KeyObject, Buffer.from(s, 'base64url'))) return refuse('Invalid JWT Signature.')
    const now = Math.floor(clock.now().getTime() / 1000)
    const { iss, aud, scope, iat, exp } = claims
    if (iss !== email) return refuse(`iss ${String(iss)}`)
    if (aud !== tokenUri) return refuse(`aud ${String(aud)}`)
    if (typeof scope !== 'string' || !scope.split(' ').includes(FCM_SCOPE)) return refuse(`scope ${String(scope)}`)
    if (typeof iat !== 'number' || typeof exp !== 'number' || iat > now + 60 || exp <= now || exp - iat > 3600) return refuse('Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.')
    const accessToken = `ya29.fake-${randomBytes(16).toString('hex')}`
    const expiresIn = options.expiresIn ?? 3599
    issued.set(accessToken, clock.now().getTime() + expiresIn * 1000)
    fake.tokenExchanges++
    send(res, 200, JSON.stringify({ access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' }))
  }

  const sendEndpoint = async (req: Http2ServerRequest, res: Http2ServerResponse, body: string) => {
    const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1]
    const expires = bearer ? issued.get(bearer) : undefined
    if (expires === undefined || expires <= clock.now().getTime()) {
      fake.problems.push(bearer ? 'send: an expired access token' : 'send: no access token')
      return send(res, 401, errorBody(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'))
    }
    let message: unknown
    try {
      message = (JSON.parse(body) as { message?: unknown }).message
    } catch {
      fake.problems.push('send: not JSON')
      return send(res, 400, errorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'))
    }
    const problem = shapeProblem(message)
    if (problem) {
      fake.problems.push(`send: ${problem[1]}`)
      return send(res, 400, errorBody(400, 'INVALID_ARGUMENT', problem[1], undefined, problem[0]))
    }
    const m = message as Record<string, unknown>
    const token = m.token as string
    fake.messages++
    fake.lastMessage = m
    if (counts) {
      const slot = options.slotOf!(token)
      if (slot >= 0 && slot < counts.length) counts[slot]! += 1
    } else receivedBy.set(token, (receivedBy.get(token) ?? 0) + 1)
    const queued = scripts.get(token)
    let answer: FakeAnswer = queued?.shift() ?? 'ok'
    if (typeof answer === 'object' && 'delayMs' in answer) {
      await new Promise((resolve) => setTimeout(resolve, (answer as { delayMs: number }).delayMs))
      answer = 'ok'
    }
    const status =
      answer === 'ok' ? 200 : answer === 'unregistered' ? 404 : answer === 'invalid-token' ? 400 : answer === 'sender-mismatch' ? 403 : answer.status
    if (options.keepRequests) fake.requests.push({ token, at: Date.now(), status })
    if (answer === 'ok') return send(res, 200, JSON.stringify({ name: `projects/${projectId}/messages/${fake.messages}` }))
    if (answer === 'unregistered') return send(res, 404, errorBody(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'))
    if (answer === 'invalid-token') return send(res, 400, errorBody(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'))
    if (answer === 'sender-mismatch') return send(res, 403, errorBody(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH'))
    if (answer.status === 500) return send(res, 500, errorBody(500, 'INTERNAL', 'Internal error encountered.', 'INTERNAL'))
    const retry: Record<string, string> = answer.retryAfter === undefined ? {} : { 'retry-after': answer.retryAfter }
    if (answer.status === 429) return send(res, 429, errorBody(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.', 'QUOTA_EXCEEDED'), retry)
    return send(res, 503, errorBody(503, 'UNAVAILABLE', 'The service is currently unavailable.', 'UNAVAILABLE'), retry)
  }

  const sendPath = `/v1/projects/${projectId}/messages:send`
  const server = http2.createServer({ settings: { maxConcurrentStreams: 1000 } }, async (req, res) => {
    const body = await readBody(req)
    if (req.method === 'POST' && req.url === '/token') return tokenEndpoint(new URLSearchParams(body), res)
    if (req.method === 'POST' && req.url === sendPath) return sendEndpoint(req, res, body)
    fake.problems.push(`${req.method} ${req.url}: no such call`)
    send(res, 404, errorBody(404, 'NOT_FOUND', `${req.url} not found`))
  })
  const sessions = new Set<http2.ServerHttp2Session>()
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  tokenUri = `${fake.url}/token`
  fake.serviceAccountJson = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: keyId,
    private_key: pem,
    client_email: email,
    client_id: '100000000000000000000',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
  })
  fake.serviceAccount = { projectId, clientEmail: email, privateKeyId: keyId, privateKey: pem, tokenUri }
  return fake
}
