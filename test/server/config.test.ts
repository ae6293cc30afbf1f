import { MSG } from '../../contract'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { generateKeyPairSync } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig, readEnvFile } from '../../server/config'

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      admin: { email: 'admin@petcare.local', password: 'Admin@123', name: 'Admin' },
      subAdmin: { email: 'subadmin@petcare.local', password: 'SubAdmin@123' },
      seedDemo: true,
      smtpUrl: undefined,
      sessionTtlMs: 168 * 60 * 60 * 1000,
      trustProxy: 0,
    })
    expect(config.dataDir).toMatch(/[/\\]data$/)
  })

  it('reads SEED_DEMO=false and TRUST_PROXY=1', () => {
    const config = loadConfig({ SEED_DEMO: 'false', TRUST_PROXY: '1', PORT: '8080', SESSION_TTL_HOURS: '12' })
    expect(config).toMatchObject({ seedDemo: false, trustProxy: 1, port: 8080, sessionTtlMs: 12 * 60 * 60 * 1000 })
  })

  it('seeds the demo by default, but not under NODE_ENV=production unless SEED_DEMO says so', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true)
  })

  it('refuses an ADMIN_PASSWORD that breaks the password rule, saying why', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password' })).toThrow(ConfigError)
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1' })).toThrow(`ADMIN_PASSWORD: ${MSG.passwordPattern}`)
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Ab@1' })).toThrow(`ADMIN_PASSWORD: ${MSG.passwordMin}`)
  })

  it('reads TRUST_PROXY as a number of proxy hops, true as one and false as none', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(0)
    expect(() => loadConfig({ TRUST_PROXY: 'loopback' })).toThrow(/TRUST_PROXY: Must be the number of proxies/)
  })

  it('reads the audit retention and the daily upload quota, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({ auditRetentionMs: 365 * 24 * 60 * 60 * 1000, uploadQuota: { files: 500, bytes: 2 * 1024 ** 3 } })
    const config = loadConfig({ AUDIT_RETENTION_DAYS: '30', UPLOAD_DAILY_FILES: '50', UPLOAD_DAILY_BYTES: '500 MB' })
    expect(config).toMatchObject({ auditRetentionMs: 30 * 24 * 60 * 60 * 1000, uploadQuota: { files: 50, bytes: 500 * 1024 ** 2 } })
    expect(loadConfig({ UPLOAD_DAILY_BYTES: '1048576' }).uploadQuota.bytes).toBe(1024 ** 2)
    expect(loadConfig({ UPLOAD_DAILY_BYTES: '1.5gb' }).uploadQuota.bytes).toBe(1.5 * 1024 ** 3)
    expect(() => loadConfig({ UPLOAD_DAILY_BYTES: 'lots' })).toThrow(/UPLOAD_DAILY_BYTES: Must be a size such as 2GB/)
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/)
  })

  it('reads the per-token rate of the integration API, 1,200 a minute by default', () => {
    expect(loadConfig({}).apiTokenRequestsPerMinute).toBe(1200)
    expect(loadConfig({ API_TOKEN_RATE_PER_MINUTE: '60' }).apiTokenRequestsPerMinute).toBe(60)
    expect(() => loadConfig({ API_TOKEN_RATE_PER_MINUTE: '0' })).toThrow(/API_TOKEN_RATE_PER_MINUTE/)
  })

  it('listens on loopback unless HOST says otherwise, and reads the slow-client limits', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      production: false,
      http: { headersTimeoutMs: 30_000, requestTimeoutMs: 60_000, keepAliveTimeoutMs: 5_000, maxConnections: 1000 },
    })
    const config = loadConfig({ HOST: '0.0.0.0', NODE_ENV: 'production', HEADERS_TIMEOUT_SECONDS: '0.5', REQUEST_TIMEOUT_SECONDS: '2', MAX_CONNECTIONS: '10' })
    expect(config).toMatchObject({ host: '0.0.0.0', production: true, http: { headersTimeoutMs: 500, requestTimeoutMs: 2000, maxConnections: 10 } })
    // Node refuses a header timeout longer than the request's: it is shortened to fit.
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '90' }).http.headersTimeoutMs).toBe(60_000)
    expect(() => loadConfig({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/)
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: 'soon' })).toThrow(/REQUEST_TIMEOUT_SECONDS/)
  })

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})

describe('readEnvFile', () => {
  const envFile = (text: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'petcare-env-')), '.env')
    writeFileSync(path, text)
    return path
  }

  it('adds the variables of the file, leaving the ones the environment sets', () => {
    const env: NodeJS.ProcessEnv = { PORT: '4000' }
    readEnvFile(env, envFile('# a comment\nPORT=5000\nHOST=0.0.0.0\nMAIL_FROM="Petcare <no-reply@example.com>"\n'))
    expect(env).toEqual({ PORT: '4000', HOST: '0.0.0.0', MAIL_FROM: 'Petcare <no-reply@example.com>' })
    expect(loadConfig(env)).toMatchObject({ port: 4000, host: '0.0.0.0', mailFrom: 'Petcare <no-reply@example.com>' })
  })

  it('does nothing when there is no file', () => {
    const env: NodeJS.ProcessEnv = {}
    readEnvFile(env, join(tmpdir(), 'petcare-no-such-folder', '.env'))
    expect(env).toEqual({})
  })
})

describe('FCM configuration', () => {
  const account = (overrides: Record<string, unknown> = {}) => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    return JSON.stringify({
      type: 'service_account',
      project_id: 'petcare-prod',
      private_key_id: 'abc123',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: 'push@petcare-prod.iam.gserviceaccount.com',
      token_uri: 'https://oauth2.googleapis.com/token',
      ...overrides,
    })
  }

  it('has no push service without a service account', () => {
    expect(loadConfig({}).fcm).toBeUndefined()
  })

  it('reads the service account from FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON, with the TTL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'petcare-fcm-'))
    const file = join(dir, 'service-account.json')
    writeFileSync(file, account())
    const config = loadConfig({ FCM_SERVICE_ACCOUNT_FILE: file, FCM_TTL_SECONDS: '3600' })
    expect(config.fcm).toMatchObject({
      serviceAccount: { projectId: 'petcare-prod', clientEmail: 'push@petcare-prod.iam.gserviceaccount.com', tokenUri: 'https://oauth2.googleapis.com/token' },
      ttlSeconds: 3600,
      baseUrl: 'https://fcm.googleapis.com',
      linkBase: 'petcare://notifications/',
    })
    expect(loadConfig({ FCM_SERVICE_ACCOUNT_JSON: account() }).fcm?.ttlSeconds).toBe(2_419_200)
  })

  it('refuses to start on a service account it cannot use, saying what is wrong', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env)
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError)
        return (err as Error).message
      }
      throw new Error('accepted')
    }
    expect(refusal({ FCM_SERVICE_ACCOUNT_FILE: '/nonexistent/sa.json' })).toContain('FCM_SERVICE_ACCOUNT_FILE: Cannot read /nonexistent/sa.json (ENOENT)')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: '{not json' })).toContain('FCM_SERVICE_ACCOUNT_JSON: The service account is not JSON')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account({ type: 'authorized_user' }) })).toContain('"type": "service_account"')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account({ client_email: undefined }) })).toContain('client_email')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account({ private_key: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----\n' }) })).toContain(
      'cannot be read as a PEM private key',
    )
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account({ token_uri: 'http://oauth2.example.com/token' }) })).toContain('token_uri must be an https URL')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account(), FCM_BASE_URL: 'http://fcm.example.com' })).toContain('FCM_BASE_URL')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account(), FCM_SERVICE_ACCOUNT_FILE: '/x.json' })).toContain('not both')
    expect(refusal({ FCM_SERVICE_ACCOUNT_JSON: account(), FCM_TTL_SECONDS: '3000000' })).toContain('FCM_TTL_SECONDS')
  })
})
