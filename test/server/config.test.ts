import { MSG } from '../../contract'
import { ConfigError, loadConfig } from '../../server/config'

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

  it('refuses a PORT that is not a port number', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})
