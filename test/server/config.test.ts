import { MSG } from '../../contract'
import { mkdtempSync, writeFileSync } from 'node:fs'
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
