import { createPrivateKey } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseEnv } from 'node:util'
import { z } from 'zod'
import { emailField, passwordField } from '../contract'

/** Reads a yes/no variable: false, 0, no and off (any case) are false; unset or empty, the fallback. */
const flag = <T extends boolean | undefined>(fallback: T) =>
  z
    .string()
    .optional()
    .transform((v): boolean | T => (v === undefined || v.trim() === '' ? fallback : !/^(false|0|no|off)$/i.test(v.trim())))

/**
 * TRUST_PROXY: how many proxies of ours stand in front of the server. A number of hops, or a
 * yes/no (yes is one proxy, as the variable meant before it took a number). Unset: none.
 */
const proxyHops = () =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v?.trim().toLowerCase() ?? ''
      if (text === '' || /^(false|no|off)$/.test(text)) return 0
      if (/^(true|yes|on)$/.test(text)) return 1
      if (/^\d{1,2}$/.test(text)) return Number(text)
      ctx.addIssue({ code: 'custom', message: 'Must be the number of proxies in front of the server (0, 1, 2...), true or false' })
      return z.NEVER
    })

/** A size in bytes: a number with an optional unit, binary as the upload limits are (`2GB`, `500 MB`, `1048576`). */
const BYTE_UNITS: Record<string, number> = { '': 1, b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 }
const byteSize = () =>
  z.string().transform((v, ctx) => {
    const match = /^(\d{1,12}(?:\.\d{1,3})?)\s*([kmgt]?b)?$/i.exec(v.trim())
    const bytes = match ? Math.floor(Number(match[1]) * BYTE_UNITS[(match[2] ?? '').toLowerCase()]!) : 0
    if (bytes >= 1) return bytes
    ctx.addIssue({ code: 'custom', message: 'Must be a size such as 2GB, 500MB or a number of bytes' })
    return z.NEVER
  })

/** An unset or empty variable takes the default. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))

/** An optional absolute http(s) URL, without its trailing slash. */
const optionalUrl = () =>
  optionalText().pipe(
    z
      .url({ protocol: /^https?$/, message: 'Must be an http(s) URL' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  )

/** A comma-separated list of origins (`https://admin.example.com`), each checked and normalised. */
const originList = () =>
  optionalText().transform((v, ctx) => {
    const origins: string[] = []
    for (const item of (v ?? '').split(',').map((x) => x.trim().replace(/\/+$/, '')).filter(Boolean)) {
      let origin: string | undefined
      try {
        const url = new URL(item)
        if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item.toLowerCase()) origin = url.origin
      } catch {
        // not a URL
      }
      if (origin) origins.push(origin)
      else ctx.addIssue({ code: 'custom', message: `Not an origin (scheme://host[:port], no path): ${item}` })
    }
    return origins
  })

const withDefault = <T extends z.core.$ZodType>(schema: T, fallback: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v : fallback), schema)

/** The demo accounts' defaults; the README lists them. */
export const DEFAULT_PASSWORDS = { admin: 'Admin@123', subAdmin: 'SubAdmin@123' } as const

/** FCM keeps an undelivered message at most 28 days, its default. */
export const FCM_TTL_MAX_SECONDS = 28 * 24 * 60 * 60

/** The server's environment variables, with their defaults (listed in .env.example). */
const envSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), '3000'),
  HOST: withDefault(z.string().trim().min(1), '127.0.0.1'),
  NODE_ENV: optionalText(),
  HEADERS_TIMEOUT_SECONDS: withDefault(z.coerce.number().positive().max(3600), '30'),
  REQUEST_TIMEOUT_SECONDS: withDefault(z.coerce.number().positive().max(3600), '60'),
  KEEP_ALIVE_TIMEOUT_SECONDS: withDefault(z.coerce.number().positive().max(3600), '5'),
  MAX_CONNECTIONS: withDefault(z.coerce.number().int().min(1), '1000'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optionalText(),
  ADMIN_EMAIL: withDefault(emailField, 'admin@petcare.local'),
  ADMIN_PASSWORD: withDefault(passwordField, DEFAULT_PASSWORDS.admin),
  ADMIN_NAME: withDefault(z.string().trim().min(1), 'Admin'),
  SUB_ADMIN_EMAIL: withDefault(emailField, 'subadmin@petcare.local'),
  SUB_ADMIN_PASSWORD: withDefault(passwordField, DEFAULT_PASSWORDS.subAdmin),
  SUB_ADMIN_NAME: withDefault(z.string().trim().min(1), 'Sub Admin'),
  // Unset: yes, but not under NODE_ENV=production, where an empty database is a real one's first start.
  SEED_DEMO: flag(undefined),
  SMTP_URL: optionalText(),
  MAIL_FROM: withDefault(z.string(), 'Petcare Admin <no-reply@petcare.local>'),
  SESSION_TTL_HOURS: withDefault(z.coerce.number().positive().max(24 * 365), '168'),
  TRUST_PROXY: proxyHops(),
  SERVE_SPA: flag(true),
  // Read by server/log.ts as the process starts; checked here so a typo stops the start.
  LOG_FORMAT: withDefault(z.enum(['json', 'pretty'], { message: 'Must be json or pretty' }), 'json'),
  METRICS_TOKEN: optionalText().pipe(z.string().min(16, 'Must be at least 16 characters').optional()),
  PUBLIC_URL: optionalUrl(),
  UPLOAD_SECRET: optionalText().pipe(z.string().min(32, 'Must be at least 32 characters').optional()),
  S3_BUCKET: optionalText(),
  S3_REGION: withDefault(z.string(), 'us-east-1'),
  S3_ENDPOINT: optionalUrl(),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PUBLIC_URL: optionalUrl(),
  CORS_ORIGINS: originList(),
  AUDIT_RETENTION_DAYS: withDefault(z.coerce.number().int().min(1).max(36_500), '365'),
  UPLOAD_DAILY_FILES: withDefault(z.coerce.number().int().min(1), '500'),
  API_TOKEN_RATE_PER_MINUTE: withDefault(z.coerce.number().int().min(1).max(1_000_000), '1200'),
  UPLOAD_DAILY_BYTES: withDefault(byteSize(), '2GB'),
  FCM_SERVICE_ACCOUNT_FILE: optionalText(),
  FCM_SERVICE_ACCOUNT_JSON: optionalText(),
  // At most FCM's own maximum, 28 days (its default).
  FCM_TTL_SECONDS: withDefault(z.coerce.number().int().min(0).max(FCM_TTL_MAX_SECONDS), String(FCM_TTL_MAX_SECONDS)),
  FCM_LINK_BASE: withDefault(z.string().trim().min(1).max(200), 'petcare://notifications/'),
  // Tests only: where their loopback fake FCM listens.
  FCM_BASE_URL: optionalUrl(),
  WEBHOOK_ALLOW_PRIVATE: flag(false),
})

export interface ServerConfig {
  port: number
  /** The interface to listen on (HOST): loopback unless told otherwise, e.g. 0.0.0.0 in a container. */
  host: string
  /** NODE_ENV=production: the server refuses the demo passwords. */
  production: boolean
  /** What a client may hold of the server (server/index.ts): time for the headers and for the whole request, idle keep-alive, open connections. */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number; maxConnections: number }
  /** Absolute. */
  dataDir: string
  databaseUrl: string | undefined
  admin: { email: string; password: string; name: string }
  subAdmin: { email: string; password: string; name: string }
  seedDemo: boolean
  smtpUrl: string | undefined
  mailFrom: string
  sessionTtlMs: number
  /** How many proxies of yours stand in front (0: none): the client is that many hops from the right of X-Forwarded-For. */
  trustProxy: number
  /** Whether to serve the built SPA from dist/ (`npm run dev` turns it off: Vite serves it). */
  serveSpa: boolean
  /** Lets a scraper that is not on loopback read GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`. */
  metricsToken: string | undefined
  /** This server's public base URL (PUBLIC_URL), for the absolute addresses it writes (invitation links, link previews); else the request's origin. Stored picture addresses never contain it. */
  publicUrl: string | undefined
  /** Signs the disk driver's upload policies; else one kept in DATA_DIR/upload-secret. */
  uploadSecret: string | undefined
  /** Set (by S3_BUCKET): uploads go to this bucket instead of DATA_DIR/uploads. */
  s3: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; publicUrl?: string } | undefined
  /** Origins whose pages may call the API cross-origin (CORS_ORIGINS); empty: same origin only. */
  corsOrigins: string[]
  /** How long audit entries are kept (AUDIT_RETENTION_DAYS); older ones are pruned by the server. */
  auditRetentionMs: number
  /** Requests one API token may make per minute in each process (API_TOKEN_RATE_PER_MINUTE). */
  apiTokenRequestsPerMinute: number
  /** What one admin may sign for upload per day (UPLOAD_DAILY_FILES, UPLOAD_DAILY_BYTES). */
  uploadQuota: { files: number; bytes: number }
  /** Push through FCM, when a service account is given (FCM_SERVICE_ACCOUNT_FILE or _JSON); else no push service. */
  fcm: FcmConfig | undefined
  /** WEBHOOK_ALLOW_PRIVATE: webhook endpoints may be on private networks or this machine. */
  webhookAllowPrivate: boolean
}

export class ConfigError extends Error {}


/**
 * Adds the variables of a `.env` file (`path`, by default in the folder the process started in)
 * to `env`, when the file exists. A variable the environment sets already keeps its value, so a
 * process manager's or a shell's setting wins over the file.
 */
export function readEnvFile(env: NodeJS.ProcessEnv, path = resolve('.env')): void {
  if (!existsSync(path)) return
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (env[name] === undefined) env[name] = value
  }
}

/** Parses the environment; a bad value throws a ConfigError naming every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const firstPerVariable = new Map<string, string>()
    for (const { path, message } of parsed.error.issues) {
      const variable = path.join('.')
      if (!firstPerVariable.has(variable)) firstPerVariable.set(variable, message)
    }
    const lines = [...firstPerVariable].map(([variable, message]) => `  ${variable}: ${message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const production = e.NODE_ENV === 'production'
  return {
    port: e.PORT,
    host: e.HOST,
    production,
    http: {
      // Node refuses a header timeout longer than the request's.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_SECONDS, e.REQUEST_TIMEOUT_SECONDS) * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    subAdmin: { email: e.SUB_ADMIN_EMAIL.toLowerCase(), password: e.SUB_ADMIN_PASSWORD, name: e.SUB_ADMIN_NAME },
    seedDemo: e.SEED_DEMO ?? !production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionTtlMs: e.SESSION_TTL_HOURS * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    serveSpa: e.SERVE_SPA,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    metricsToken: e.METRICS_TOKEN,
    publicUrl: e.PUBLIC_URL,
    uploadSecret: e.UPLOAD_SECRET,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    corsOrigins: e.CORS_ORIGINS,
    auditRetentionMs: e.AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    uploadQuota: { files: e.UPLOAD_DAILY_FILES, bytes: e.UPLOAD_DAILY_BYTES },
    apiTokenRequestsPerMinute: e.API_TOKEN_RATE_PER_MINUTE,
    fcm: fcmConfig(e),
  }
}

/** Where this server is reached from this machine (the start-up banner's address): a wildcard or loopback address as localhost, any other as itself. */
export function localUrl(config: Pick<ServerConfig, 'host' | 'port'>): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(config.host)
  return `http://${local ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
}

/**
 * The origins, besides the page's own, that the SPA's browser talks to for uploaded files:
 * where signed posts go (the S3 bucket's URL: virtual-hosted, path-style or a custom endpoint)
 * and where files are read from (S3_PUBLIC_URL, PUBLIC_URL). Files on disk are at the panel's own
 * `/uploads/` (a relative address), so they need no origin here. For the pages' Content-Security-Policy.
 */
export function uploadOrigins(config: Pick<ServerConfig, 's3' | 'publicUrl'>): string[] {
  const origins = new Set<string>()
  const add = (url: string | undefined) => {
    if (!url) return
    try {
      origins.add(new URL(url).origin)
    } catch {
      // not a URL: nothing to allow
    }
  }
  add(config.publicUrl)
  const s3 = config.s3
  if (s3) {
    add(s3.publicUrl)
    if (s3.endpoint) {
      const endpoint = new URL(s3.endpoint)
      add(s3.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`)
    } else {
      // us-east-1 buckets may also be addressed through the global endpoint.
      const hosts = [`s3.${s3.region}.amazonaws.com`, ...(s3.region === 'us-east-1' ? ['s3.amazonaws.com'] : [])]
      const pathStyle = s3.forcePathStyle || s3.bucket.includes('.')
      for (const host of hosts) add(pathStyle ? `https://${host}` : `https://${s3.bucket}.${host}`)
    }
  }
  return [...origins]
}

/** What the FCM adapter needs of a Google service account's key file (server/notifications/fcm.ts). */
export interface ServiceAccount {
  projectId: string
  clientEmail: string
  privateKeyId: string
  /** PEM (PKCS #8), checked to be an RSA private key. */
  privateKey: string
  /** Where the signed JWT is exchanged for an access token (Google's, or a test's fake). */
  tokenUri: string
}

export interface FcmConfig {
  serviceAccount: ServiceAccount
  /** How long FCM keeps a message for a phone that is off (FCM_TTL_SECONDS). */
  ttlSeconds: number
  /** The deep link's start: the notification's id follows (FCM_LINK_BASE). */
  linkBase: string
  /** FCM's origin: Google's unless a test points it at its fake (FCM_BASE_URL). */
  baseUrl: string
}

export const FCM_ORIGIN = 'https://fcm.googleapis.com'

const serviceAccountFile = z.object(
  {
    type: z.literal('service_account', { message: 'must have "type": "service_account" (a service account key, from the Firebase console)' }),
    project_id: z.string({ message: 'has no project_id' }).regex(/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/, 'has a project_id that is not a Google Cloud project id'),
    private_key_id: z.string({ message: 'has no private_key_id' }).min(1, 'has an empty private_key_id'),
    private_key: z.string({ message: 'has no private_key' }).includes('PRIVATE KEY', { message: 'has a private_key that is not a PEM private key' }),
    client_email: z.email({ message: 'has no client_email (the service account\'s address)' }),
    token_uri: z.url({ message: 'has no token_uri' }).default('https://oauth2.googleapis.com/token'),
  },
  { message: 'is not a JSON object' },
)

/** Google's endpoints over HTTPS; plain http only to this machine (the tests' fake). */
function reachableOrigin(url: string): boolean {
  const u = new URL(url)
  return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname))
}

/** The FCM settings, when a service account is given; a ConfigError names what is wrong with it. */
function fcmConfig(e: z.infer<typeof envSchema>): FcmConfig | undefined {
  const bad = (variable: string, message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`)
  }
  if (e.FCM_SERVICE_ACCOUNT_FILE && e.FCM_SERVICE_ACCOUNT_JSON) bad('FCM_SERVICE_ACCOUNT_JSON', 'Set FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON, not both')
  const variable = e.FCM_SERVICE_ACCOUNT_FILE ? 'FCM_SERVICE_ACCOUNT_FILE' : 'FCM_SERVICE_ACCOUNT_JSON'
  let text = e.FCM_SERVICE_ACCOUNT_JSON
  if (e.FCM_SERVICE_ACCOUNT_FILE) {
    try {
      text = readFileSync(resolve(e.FCM_SERVICE_ACCOUNT_FILE), 'utf8')
    } catch (err) {
      bad(variable, `Cannot read ${e.FCM_SERVICE_ACCOUNT_FILE} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`)
    }
  }
  if (text === undefined) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    bad(variable, 'The service account is not JSON (the key file downloaded from the Firebase console)')
  }
  const parsed = serviceAccountFile.safeParse(json)
  if (!parsed.success) bad(variable, `The service account ${parsed.error.issues[0]!.message}`)
  const account = parsed.data!
  try {
    if (createPrivateKey(account.private_key).asymmetricKeyType !== 'rsa') bad(variable, 'The service account\'s private_key is not an RSA key')
  } catch (err) {
    if (err instanceof ConfigError) throw err
    bad(variable, 'The service account\'s private_key cannot be read as a PEM private key')
  }
  if (!reachableOrigin(account.token_uri)) bad(variable, 'The service account\'s token_uri must be an https URL')
  const baseUrl = e.FCM_BASE_URL ?? FCM_ORIGIN
  if (!reachableOrigin(baseUrl)) bad('FCM_BASE_URL', 'Must be an https URL (or http on this machine, for a test\'s fake FCM)')
  return {
    serviceAccount: {
      projectId: account.project_id,
      clientEmail: account.client_email,
      privateKeyId: account.private_key_id,
      privateKey: account.private_key,
      tokenUri: account.token_uri,
    },
    ttlSeconds: e.FCM_TTL_SECONDS,
    linkBase: e.FCM_LINK_BASE,
    baseUrl,
  }
}
