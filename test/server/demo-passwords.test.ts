import { eq } from 'drizzle-orm'
import { hashPassword } from '../../server/auth/passwords'
import { loadConfig } from '../../server/config'
import { admins } from '../../server/db/schema'
import { configuredDemoPassword, storedDemoPassword } from '../../server/demo-passwords'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { testApp } from './helpers/test-app'

const OWN = { ADMIN_PASSWORD: 'Own-pass1', SUB_ADMIN_PASSWORD: 'Own-pass2' }

describe('the demo passwords in production', () => {
  it('names the variables still at a built-in demo password, and what to set', () => {
    expect(configuredDemoPassword(loadConfig({}))).toBe(
      'NODE_ENV is production but ADMIN_PASSWORD and SUB_ADMIN_PASSWORD are unset or a built-in demo password: ' +
        'set ADMIN_PASSWORD and SUB_ADMIN_PASSWORD to a password of your own. The server did not start.',
    )
    expect(configuredDemoPassword(loadConfig({ ADMIN_PASSWORD: OWN.ADMIN_PASSWORD, SUB_ADMIN_PASSWORD: 'Admin@123' }))).toMatch(
      /^NODE_ENV is production but SUB_ADMIN_PASSWORD is unset or a built-in demo password: set SUB_ADMIN_PASSWORD/,
    )
    expect(configuredDemoPassword(loadConfig(OWN))).toBeUndefined()
  })

  it('finds an account in the database that still signs in with a demo password', async () => {
    const { db } = await testApp()
    // The test accounts were made with the demo passwords.
    const config = loadConfig({ ...OWN, ADMIN_EMAIL: TEST_ADMIN.email, SUB_ADMIN_EMAIL: TEST_SUB_ADMIN.email })
    expect(await storedDemoPassword(db, config)).toMatch(
      new RegExp(`^NODE_ENV is production but ${TEST_ADMIN.email} and ${TEST_SUB_ADMIN.email} still sign in with a built-in demo password: change it`),
    )
    await db.update(admins).set({ passwordHash: await hashPassword('Changed-1') }).where(eq(admins.email, TEST_ADMIN.email))
    await db.update(admins).set({ status: 2 }).where(eq(admins.email, TEST_SUB_ADMIN.email)) // blocked: cannot sign in
    expect(await storedDemoPassword(db, config)).toBeUndefined()
  })
})
