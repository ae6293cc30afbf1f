import { eq, lte, sql } from 'drizzle-orm'
import { petDetails, ROLE, USER_STATUS } from '../../contract'
import { partnerAt, placeAt, userWithPets } from '../../server/seed/demo-data'
import { admins, appUsers, feedback, notificationRecipients, notifications, pets } from '../../server/db/schema'
import { adminAccounts, DEMO_COUNTS, ensureAdmins, seedDemo } from '../../server/seed/seed'
import { dashboardTotals } from '../../server/routes/dashboard'
import { TEST_ADMIN } from './helpers/accounts'
import { okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
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
  it('fills empty tables once: users with pets, shops, hospitals, partners, feedback and notifications', async () => {
    const t = await testApp()
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t))).toBe(true)
    // The pending count depends on the demo's decisions; the four totals do not.
    expect(await dashboardTotals(t.db)).toMatchObject({
      users: DEMO_COUNTS.users,
      petShops: DEMO_COUNTS.petShops,
      hospitals: DEMO_COUNTS.hospitals,
      partnerRequests: DEMO_COUNTS.partners,
    })
    expect(await t.db.$count(feedback)).toBe(DEMO_COUNTS.feedback)
    expect(await t.db.$count(notifications)).toBe(DEMO_COUNTS.notifications)
    const petCount = await t.db.$count(pets)
    expect(petCount).toBeGreaterThanOrEqual(DEMO_COUNTS.users)
    expect(petCount).toBeLessThanOrEqual(DEMO_COUNTS.users * 3)
    expect(await seedDemo(t.db, t.clock.now(), demoPicturesOf(t))).toBe(false)
    expect((await dashboardTotals(t.db)).users).toBe(DEMO_COUNTS.users)
  })

  it('fills every field of the public pet page for every pet', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t))
    const incomplete = await t.db.$count(
      pets,
      sql`${pets.age} is null or ${pets.speciesName} is null or ${pets.weight} is null or ${pets.breedName} is null
        or ${pets.size} is null or ${pets.gender} is null or ${pets.microChipId} is null or ${pets.dateOfBirth} is null
        or ${pets.marking} is null or ${pets.medicalHistory} is null or ${pets.ownerSince} is null
        or jsonb_array_length(${pets.vaccines}) = 0 or jsonb_array_length(${pets.profilePhotos}) = 0`,
    )
    expect(incomplete).toBe(0)
    // A pet of an owner who is not blocked: a blocked owner's pets are not public.
    const [pet] = await t.db
      .select({ id: pets.id })
      .from(pets)
      .innerJoin(appUsers, eq(appUsers.id, pets.ownerId))
      .where(eq(appUsers.status, USER_STATUS.ACTIVE))
      .limit(1)
    const body = await okBody(await t.get(`/pet/petbyid?petId=${pet!.id}`), petDetails)
    expect(body.data.profilePhotos[0]?.url).toMatch(/^\/uploads\/profile\//)
    expect(body.data.owner?.days).toBeGreaterThan(0)
  })

  it('writes feedback of every type and status and notifications to both audiences, with their recipients', async () => {
    const t = await testApp()
    await seedDemo(t.db, t.clock.now(), demoPicturesOf(t))
    const types = await t.db.selectDistinct({ type: feedback.type }).from(feedback)
    expect(types.map((r) => r.type).sort()).toEqual(['BUG', 'NEW_FEATURE', 'OTHER', 'SUGGESTION'])
    const statuses = await t.db.selectDistinct({ status: feedback.status }).from(feedback)
    expect(statuses.map((r) => r.status).sort()).toEqual([1, 2, 3])
    const sent = await t.db
      .select({
        sendTo: notifications.sendTo,
        createdAt: notifications.createdAt,
        recipients: t.db.$count(notificationRecipients, eq(notificationRecipients.notificationId, notifications.id)),
        delivered: notifications.deliveredCount,
        pending: notifications.pendingCount,
        notSent: notifications.notSentCount,
      })
      .from(notifications)
    expect(new Set(sent.map((n) => n.sendTo))).toEqual(new Set(['ALL_USERS', 'SELECTED_USERS']))
    for (const n of sent) {
      const joined = await t.db.$count(appUsers, lte(appUsers.createdAt, n.createdAt))
      if (n.sendTo === 'ALL_USERS') expect(n.recipients).toBe(joined)
      else expect(n.recipients).toBeLessThanOrEqual(40)
      expect(n.recipients).toBeGreaterThan(0)
      // Sent in the past with no push service: not sent (never "delivered"), and not pending, so no sweep takes them.
      expect({ delivered: n.delivered, pending: n.pending, notSent: n.notSent }).toEqual({ delivered: 0, pending: 0, notSent: n.recipients })
    }
  })

  it('builds the same rows every time', async () => {
    const now = new Date('2025-01-01T00:00:00Z')
    const pictures = await demoPicturesOf(await testApp())()
    expect(userWithPets(7, now, pictures)).toEqual(userWithPets(7, now, pictures))
    expect(placeAt('hospital', 3, now, pictures)).toEqual(placeAt('hospital', 3, now, pictures))
    expect(partnerAt(3, now)).toEqual(partnerAt(3, now))
    expect(userWithPets(7, now, pictures).user.id).not.toBe(userWithPets(8, now, pictures).user.id)
  })

  it('gives 100,000 users distinct usernames', async () => {
    const now = new Date('2025-01-01T00:00:00Z')
    const pictures = await demoPicturesOf(await testApp())()
    const names = new Set<string>()
    for (let i = 0; i < 100_000; i += 7) names.add(userWithPets(i, now, pictures).user.username)
    expect(names.size).toBe(Math.ceil(100_000 / 7))
  })
})
