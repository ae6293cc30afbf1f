import { eq } from 'drizzle-orm'
import { ROLE } from '../../contract'
import { dashboardTotals } from '../../server/routes/dashboard'
import { admins } from '../../server/db/schema'
import { adminAccounts, demoData, ensureAdmins, seedDemo } from '../../server/db/seed'
import { TEST_ADMIN } from './helpers/accounts'
import { testApp } from './helpers/test-app'

describe('ensureAdmins', () => {
  it('creates missing accounts with an argon2id hash and leaves existing ones alone', async () => {
    const t = await testApp()
    const created = await ensureAdmins(
      t.db,
      adminAccounts(
        { email: TEST_ADMIN.email, password: 'Other@123', name: 'Ignored' },
        { email: 'New.Sub@Petcare.test', password: 'SubAdmin@123', name: 'New Sub' },
      ),
    )
    expect(created).toEqual(['new.sub@petcare.test'])
    const [sub] = await t.db.select().from(admins).where(eq(admins.email, 'new.sub@petcare.test'))
    expect(sub).toMatchObject({ role: ROLE.SUB_ADMIN, name: 'New Sub' })
    expect(sub?.passwordHash).toMatch(/^\$argon2id\$/)
    await t.login(TEST_ADMIN.email, TEST_ADMIN.password) // unchanged
  })
})

describe('seedDemo', () => {
  it('fills empty tables once with 40 users, 12 pet shops, 8 hospitals and 6 partners', async () => {
    const t = await testApp()
    expect(await seedDemo(t.db, t.clock.now())).toBe(true)
    expect(await dashboardTotals(t.db)).toEqual({ users: 40, petShops: 12, hospitals: 8, partnerRequests: 6 })
    expect(await seedDemo(t.db, t.clock.now())).toBe(false)
    expect((await dashboardTotals(t.db)).users).toBe(40)
  })

  it('builds the same demo every time', () => {
    const now = new Date('2025-01-01T00:00:00Z')
    expect(demoData(now)).toEqual(demoData(now))
  })
})
