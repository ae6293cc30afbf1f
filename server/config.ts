import { resolve } from 'node:path'
import { z } from 'zod'
import { emailField, passwordField } from '../contract'

/** Reads a yes/no variable: false, 0, no and off (any case) are false. */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? fallback : !/^(false|0|no|off)$/i.test(v.trim())))

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

const withDefault = <T extends z.ZodType>(schema: T, fallback: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v : fallback), schema)

/** The demo accounts' defaults; the README lists them. */
export const DEFAULT_PASSWORDS = { admin: 'Admin@123', subAdmin: 'SubAdmin@123' } as const

/** The server's environment variables, with their defaults (listed in .env.example). */
const envSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(1).max(65535), '3000'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optionalText(),
  ADMIN_EMAIL: withDefault(emailField, 'admin@petcare.local'),
  ADMIN_PASSWORD: withDefault(passwordField, DEFAULT_PASSWORDS.admin),
  ADMIN_NAME: withDefault(z.string().trim().min(1), 'Admin'),
  SUB_ADMIN_EMAIL: withDefault(emailField, 'subadmin@petcare.local'),
  SUB_ADMIN_PASSWORD: withDefault(passwordField, DEFAULT_PASSWORDS.subAdmin),
  SUB_ADMIN_NAME: withDefault(z.string().trim().min(1), 'Sub Admin'),
  SEED_DEMO: flag(true),
  SMTP_URL: optionalText(),
  MAIL_FROM: withDefault(z.string(), 'Petcare Admin <no-reply@petcare.local>'),
  SESSION_TTL_HOURS: withDefault(z.coerce.number().positive().max(24 * 365), '168'),
  TRUST_PROXY: flag(false),
  SERVE_SPA: flag(true),
  PUBLIC_URL: optionalUrl(),
  UPLOAD_SECRET: optionalText().pipe(z.string().min(32, 'Must be at least 32 characters').optional()),
  S3_BUCKET: optionalText(),
  S3_REGION: withDefault(z.string(), 'us-east-1'),
  S3_ENDPOINT: optionalUrl(),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PUBLIC_URL: optionalUrl(),
})

export interface ServerConfig {
  port: number
  /** Absolute. */
  dataDir: string
  databaseUrl: string | undefined
  admin: { email: string; password: string; name: string }
  subAdmin: { email: string; password: string; name: string }
  seedDemo: boolean
  smtpUrl: string | undefined
  mailFrom: string
  sessionTtlMs: number
  /** Whether X-Forwarded-For names the client (only behind a proxy you run). */
  trustProxy: boolean
  /** Whether to serve the built SPA from dist/ (`npm run dev` turns it off: Vite serves it). */
  serveSpa: boolean
  /** This server's public base URL (PUBLIC_URL), for upload URLs; else the request's origin. */
  publicUrl: string | undefined
  /** Signs the disk driver's upload policies; else one kept in DATA_DIR/upload-secret. */
  uploadSecret: string | undefined
  /** Set (by S3_BUCKET): uploads go to this bucket instead of DATA_DIR/uploads. */
  s3: { bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; publicUrl?: string } | undefined
}

export class ConfigError extends Error {}

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
  return {
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME },
    subAdmin: { email: e.SUB_ADMIN_EMAIL.toLowerCase(), password: e.SUB_ADMIN_PASSWORD, name: e.SUB_ADMIN_NAME },
    seedDemo: e.SEED_DEMO,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionTtlMs: e.SESSION_TTL_HOURS * 60 * 60 * 1000,
    trustProxy: e.TRUST_PROXY,
    serveSpa: e.SERVE_SPA,
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
  }
}
