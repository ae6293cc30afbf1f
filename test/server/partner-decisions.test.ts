import * as zm from 'zod/mini'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import {
  MSG,
  partner,
  PARTNER_STATUS,
  partnerDetails,
  PARTNERS_MSG,
  PLACE_STATUS,
  placeDetails,
  placeListItem,
  PLACES_MSG,
} from '../../contract'
import { admins, auditLog, partners, places } from '../../server/db/schema'
import { rowCount } from '../../server/db/row-counts'
import { outboxMailer, readOutbox } from '../../server/mail/outbox'
import { seedRows } from '../../server/seed/seed'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './helpers/accounts'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { demoPicturesOf } from './helpers/demo-pictures'
import { addPartners, minutesAgo, placeFields, tokenOf, UNKNOWN_ID, uploadedUrl } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const approve = (t: TestApp, id: string, token?: string) => t.post(`/admin/partners/${id}/approve`, undefined, token === undefined ? {} : { token })
const decline = (t: TestApp, id: string, json: unknown, token?: string) =>
  t.post(`/admin/partners/${id}/decline`, json as never, token === undefined ? {} : { token })
const detailsOf = async (t: TestApp, id: string) => (await okBody(await t.get(`/admin/partners/${id}`, { token: await tokenOf(t) }), partnerDetails)).data

const auditOf = (t: TestApp, action: string, targetId: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))

const adminNamed = async (t: TestApp, email: string) => (await t.db.select().from(admins).where(eq(admins.email, email)))[0]!

const request = (t: TestApp, type: 5 | 6 = 6) =>
  addPartners(t, [
    { name: 'Bark Avenue', ownerName: 'Lena Ortiz', email: 'lena@bark.test', mobileNo: '+1 5550123', type, address: '5 Elm Street, Springfield' },
  ]).then((rows) => rows[0]!)

describe('a partner request’s details', () => {
  it('is pending when it arrives, with no decision and no place', async () => {
    const t = await testApp()
    const row = await request(t)
    const body = await okBody(await t.get(`/admin/partners/${row.id}`, { token: await tokenOf(t, 'subAdmin') }), partnerDetails)
    expect(body.message).toBe(PARTNERS_MSG.fetched)
    expect(body.data).toEqual({
      _id: row.id,
      name: 'Bark Avenue',
      ownerName: 'Lena Ortiz',
      email: 'lena@bark.test',
      mobileNo: '+1 5550123',
      type: 6,
      address: '5 Elm Street, Springfield',
      status: PARTNER_STATUS.PENDING,
      createdAt: row.createdAt.toISOString(),
      decidedAt: null,
      decidedBy: null,
      declineReason: null,
      place: null,
    })
  })

  it('answers 404 for an unknown request and 400 for an id that cannot be one', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await errorOf(await t.get(`/admin/partners/${UNKNOWN_ID}`, { token }), 404)).message).toBe(PARTNERS_MSG.notFound)
    await errorOf(await t.get('/admin/partners/not-an-id', { token }), 400)
  })
})

describe('approving a partner request', () => {
  it.each([
    [6, 'petShop', '/place/admin/pet-shop'],
    [5, 'hospital', '/place/admin/hospital'],
  ] as const)('type %i makes a draft %s from it in the same step, linked both ways', async (type, kind, detailPath) => {
    const t = await testApp()
    const row = await request(t, type)
    const token = await tokenOf(t, 'subAdmin')
    const body = await okBody(await approve(t, row.id, token), partnerDetails)
    expect(body.message).toBe(PARTNERS_MSG.approved[type])
    const subAdmin = await adminNamed(t, TEST_SUB_ADMIN.email)
    expect(body.data).toMatchObject({
      status: PARTNER_STATUS.APPROVED,
      decidedAt: t.clock.now().toISOString(),
      decidedBy: { _id: subAdmin.id, email: TEST_SUB_ADMIN.email },
      declineReason: null,
      place: { _id: expect.any(String), kind, name: 'Bark Avenue', draft: true },
    })

    const placeId = body.data.place!._id
    const place = await okBody(await t.get(`${detailPath}/${placeId}`, { token }), placeDetails)
    expect(place.data).toMatchObject({
      name: 'Bark Avenue',
      address: '5 Elm Street, Springfield',
      description: '',
      latitude: 0,
      longitude: 0,
      status: PLACE_STATUS.DEACTIVE,
      draft: true,
      partnerId: row.id,
      owner: { name: 'Lena Ortiz', email: 'lena@bark.test', mobileNo: '+1 5550123' },
      images: [],
      logo: null,
    })
    const [stored] = await t.db.select({ placeId: partners.placeId }).from(partners).where(eq(partners.id, row.id))
    expect(stored!.placeId).toBe(placeId)
  })

  it('is audited with the place it made, and the applicant is mailed', async () => {
    const t = await testApp()
    const row = await request(t)
    const body = await okBody(await approve(t, row.id, await tokenOf(t)), partnerDetails)
    const audited = await auditOf(t, 'partner.approve', row.id)
    expect(audited.map((a) => [a.actorEmail, a.targetType, a.targetLabel, a.detail])).toEqual([
      [TEST_ADMIN.email, 'partner', 'Bark Avenue', { placeKind: 'petShop', placeId: body.data.place!._id, mailed: true }],
    ])
    expect(t.mailer.messages).toHaveLength(1)
    const [mail] = t.mailer.messages
    expect(mail!.to).toBe('lena@bark.test')
    expect(mail!.subject).toBe('Your request to join Petcare as a pet shop is approved')
    expect(mail!.text).toContain('Hello Lena Ortiz,')
    expect(mail!.text).toContain('Bark Avenue')
  })

  it('keeps the decision when the mail cannot be sent, and notes that in the audit entry', async () => {
    const t = await testApp()
    const row = await request(t)
    t.mailer.send = () => Promise.reject(new Error('SMTP is down'))
    const body = await okBody(await approve(t, row.id, await tokenOf(t)), partnerDetails)
    expect(body.data.status).toBe(PARTNER_STATUS.APPROVED)
    expect((await auditOf(t, 'partner.approve', row.id))[0]!.detail).toMatchObject({ mailed: false })
    expect(await t.db.$count(places, eq(places.partnerId, row.id))).toBe(1)
  })
})

describe('declining a partner request', () => {
  it('keeps the trimmed reason and who declined it, audited without the words, and mails the reason', async () => {
    const t = await testApp()
    const row = await request(t, 5)
    const body = await okBody(await decline(t, row.id, { reason: '  The licence has expired.  ' }, await tokenOf(t, 'subAdmin')), partnerDetails)
    expect(body.message).toBe(PARTNERS_MSG.declined)
    const subAdmin = await adminNamed(t, TEST_SUB_ADMIN.email)
    expect(body.data).toMatchObject({
      status: PARTNER_STATUS.DECLINED,
      decidedAt: t.clock.now().toISOString(),
      decidedBy: { _id: subAdmin.id, email: TEST_SUB_ADMIN.email },
      declineReason: 'The licence has expired.',
      place: null,
    })
    expect(await t.db.$count(places)).toBe(0)
    expect((await auditOf(t, 'partner.decline', row.id)).map((a) => [a.actorEmail, a.targetLabel, a.detail])).toEqual([
      [TEST_SUB_ADMIN.email, 'Bark Avenue', { reasonLength: 24, mailed: true }],
    ])
    const [mail] = t.mailer.messages
    expect(mail!.to).toBe('lena@bark.test')
    expect(mail!.subject).toBe('Your request to join Petcare as a hospital was declined')
    expect(mail!.text).toContain('The licence has expired.')
  })

  it('reaches the dev outbox (no SMTP configured) with the reason, after the decision is stored', async () => {
    const t = await testApp()
    const row = await request(t)
    const dir = mkdtempSync(join(tmpdir(), 'petcare-outbox-'))
    try {
      t.mailer.send = outboxMailer(dir, () => {}).send
      await okBody(await decline(t, row.id, { reason: 'The address could not be verified.' }, await tokenOf(t)), partnerDetails)
      const [mail] = await readOutbox(dir, 5)
      expect(mail!.text).toContain('To: lena@bark.test')
      expect(mail!.text).toContain('Subject: Your request to join Petcare as a pet shop was declined')
      expect(mail!.text).toContain('The address could not be verified.')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each([
    ['1 character', { reason: 'x' }, 'Should be minimum of 2 characters'],
    ['501 characters', { reason: 'x'.repeat(501) }, 'Should be maximum of 500 characters'],
    ['blank once trimmed', { reason: '   ' }, 'Enter the required field'],
    ['missing', {}, 'Enter the required field'],
  ])('refuses a reason of %s with 400 and a field message, deciding nothing', async (_what, json, message) => {
    const t = await testApp()
    const row = await request(t)
    const error = await errorOf(await decline(t, row.id, json, await tokenOf(t)), 400)
    expect(error.error.fields).toEqual({ reason: message })
    expect((await detailsOf(t, row.id)).status).toBe(PARTNER_STATUS.PENDING)
    expect(t.mailer.messages).toEqual([])
  })

  it('takes a reason of exactly 2 and of exactly 500 characters', async () => {
    const t = await testApp()
    const [a, b] = await addPartners(t, [{}, {}])
    await okBody(await decline(t, a!.id, { reason: 'no' }, await tokenOf(t)), partnerDetails)
    await okBody(await decline(t, b!.id, { reason: 'x'.repeat(500) }, await tokenOf(t)), partnerDetails)
  })
})

describe('a decision is final', () => {
  it.each([
    ['approved', 'approve', PARTNERS_MSG.alreadyApproved],
    ['declined', 'decline', PARTNERS_MSG.alreadyDeclined],
  ] as const)('a request %s first cannot be approved or declined again: 409 with what happened', async (_what, first, message) => {
    const t = await testApp()
    const row = await request(t)
    const token = await tokenOf(t)
    if (first === 'approve') await okBody(await approve(t, row.id, token), partnerDetails)
    else await okBody(await decline(t, row.id, { reason: 'Not now' }, token), partnerDetails)
    const before = await detailsOf(t, row.id)

    expect((await errorOf(await approve(t, row.id, await tokenOf(t, 'subAdmin')), 409)).message).toBe(message)
    expect((await errorOf(await decline(t, row.id, { reason: 'Changed my mind' }, token), 409)).message).toBe(message)
    expect(await detailsOf(t, row.id)).toEqual(before)
    expect(await t.db.$count(places)).toBe(first === 'approve' ? 1 : 0)
    expect(t.mailer.messages).toHaveLength(1)
    expect(await t.db.$count(auditLog, eq(auditLog.targetId, row.id))).toBe(1)
  })

  it('of two admins deciding at once, one wins and the other gets 409', async () => {
    const t = await testApp()
    const row = await request(t)
    const [first, second] = await Promise.all([
      approve(t, row.id, await tokenOf(t)),
      decline(t, row.id, { reason: 'Incomplete' }, await tokenOf(t, 'subAdmin')),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const status = (await detailsOf(t, row.id)).status
    expect(await t.db.$count(places)).toBe(status === PARTNER_STATUS.APPROVED ? 1 : 0)
    expect(t.mailer.messages).toHaveLength(1)
  })

  it('answers 404 for an unknown request and 401 without a token', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    expect((await errorOf(await approve(t, UNKNOWN_ID, token), 404)).message).toBe(PARTNERS_MSG.notFound)
    expect((await errorOf(await decline(t, UNKNOWN_ID, { reason: 'Nope' }, token), 404)).message).toBe(PARTNERS_MSG.notFound)
    await errorOf(await approve(t, UNKNOWN_ID), 401)
  })
})

describe('the list by status', () => {
  it('filters by status beside the type, its totals read from row_counts, and the CSV too', async () => {
    const t = await testApp()
    const rows = await addPartners(t, [
      { name: 'Pending shop', type: 6, createdAt: minutesAgo(t, 1) },
      { name: 'Approved shop', type: 6, createdAt: minutesAgo(t, 2) },
      { name: 'Declined vet', type: 5, createdAt: minutesAgo(t, 3) },
      { name: 'Pending vet', type: 5, createdAt: minutesAgo(t, 4) },
    ])
    const token = await tokenOf(t)
    await okBody(await approve(t, rows[1]!.id, token), partnerDetails)
    await okBody(await decline(t, rows[2]!.id, { reason: 'No licence' }, token), partnerDetails)

    const names = async (query: string) => {
      const body = await listBody(await t.get(`/admin/partners?${query}`, { token }), partner)
      return [body.data.map((p) => p.name), body.total]
    }
    expect(await names('status=1')).toEqual([['Pending shop', 'Pending vet'], 2])
    expect(await names('status=1&filter=5')).toEqual([['Pending vet'], 1])
    expect(await names('status=2')).toEqual([['Approved shop'], 1])
    expect(await names('status=3&filter=6')).toEqual([[], 0])
    expect(await rowCount(t.db, partners, { status: 1 })).toBe(2)

    const csv = await (await t.get('/admin/partners/export?status=3', { token })).text()
    expect(csv).toContain('Declined vet')
    expect(csv).not.toContain('Pending')
    expect((await errorOf(await t.get('/admin/partners?status=4', { token }), 400)).error.fields).toEqual({ status: 'Choose a status' })
  })
})

describe('the draft place', () => {
  const draftOf = async (t: TestApp) => {
    const row = await request(t)
    const token = await tokenOf(t)
    const body = await okBody(await approve(t, row.id, token), partnerDetails)
    return { row, token, placeId: body.data.place!._id }
  }

  it('cannot be activated until it is completed: 409 with why, and it stays inactive', async () => {
    const t = await testApp()
    const { token, placeId } = await draftOf(t)
    const error = await errorOf(await t.call('PATCH', `/place/pet-shop/${placeId}`, undefined, { token }), 409)
    expect(error.message).toBe(PLACES_MSG.petShop.draftInactive)
    const listed = await listBody(await t.get('/place/admin/pet-shops', { token }), placeListItem)
    expect(listed.data).toMatchObject([{ _id: placeId, status: PLACE_STATUS.DEACTIVE, draft: true }])
    expect(await t.db.$count(auditLog, eq(auditLog.action, 'petShop.status'))).toBe(0)
  })

  it('is completed by saving its form with a position, and can be activated then, once it has an image as the create form requires', async () => {
    const t = await testApp()
    const { row, token, placeId } = await draftOf(t)
    const saved = await okBody(
      await t.put(`/place/pet-shop/${placeId}`, { ...placeFields, name: 'Bark Avenue', previousImages: [], images: [], version: 1 }, { token }),
      placeDetails,
    )
    expect(saved.data).toMatchObject({ draft: false, status: PLACE_STATUS.DEACTIVE, partnerId: row.id, description: placeFields.description })
    expect((await detailsOf(t, row.id)).place).toMatchObject({ _id: placeId, draft: false })
    // Completed, but still without an image.
    const refused = await errorOf(await t.call('PATCH', `/place/pet-shop/${placeId}`, undefined, { token }), 409)
    expect(refused.message).toBe(PLACES_MSG.petShop.noImageInactive)

    await okBody(
      await t.put(`/place/pet-shop/${placeId}`, { ...placeFields, name: 'Bark Avenue', previousImages: [], images: [uploadedUrl()], version: 2 }, { token }),
      placeDetails,
    )
    const toggled = await okBody(await t.call('PATCH', `/place/pet-shop/${placeId}`, undefined, { token }), placeListItem)
    expect(toggled.data).toMatchObject({ status: PLACE_STATUS.ACTIVE, draft: false })
  })

  it('is not completed by a save that keeps its made-up position (0, 0)', async () => {
    const t = await testApp()
    const { token, placeId } = await draftOf(t)
    const error = await errorOf(
      await t.put(`/place/pet-shop/${placeId}`, { ...placeFields, latitude: 0, longitude: 0, previousImages: [], images: [], version: 1 }, { token }),
      400,
    )
    expect(error.error.fields).toEqual({ latitude: MSG.latitude, longitude: MSG.longitude })
  })

  it('leaves the request’s link when deleted, and the request still shows its decision', async () => {
    const t = await testApp()
    const { row, token, placeId } = await draftOf(t)
    await okBody(await t.call('DELETE', `/place/pet-shop/${placeId}`, undefined, { token }), zm.nullable(placeDetails))
    expect(await detailsOf(t, row.id)).toMatchObject({ status: PARTNER_STATUS.APPROVED, place: null })
  })
})

describe('the demo’s partner requests', () => {
  it('are mostly pending, some approved with their draft place linked both ways, some declined with a reason', async () => {
    const t = await testApp()
    const pictures = await demoPicturesOf(t)()
    const counts = { users: 0, petShops: 30, hospitals: 30, partners: 40, feedback: 0, notifications: 0 }
    await t.db.transaction((tx) => seedRows(tx, t.clock.now(), counts, pictures))
    const rows = await t.db.select().from(partners)
    const byStatus = (status: number) => rows.filter((p) => p.status === status)
    expect(byStatus(PARTNER_STATUS.PENDING).length).toBeGreaterThan(rows.length / 2)
    expect(byStatus(PARTNER_STATUS.APPROVED).length).toBeGreaterThan(0)
    expect(byStatus(PARTNER_STATUS.DECLINED).length).toBeGreaterThan(0)
    const admin = await adminNamed(t, TEST_ADMIN.email)
    for (const p of byStatus(PARTNER_STATUS.DECLINED)) {
      expect(p).toMatchObject({ decidedBy: admin.id, decidedByEmail: admin.email, declineReason: expect.any(String), placeId: null })
      expect(p.decidedAt!.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime())
    }
    const drafts = await t.db.select().from(places).where(eq(places.draft, true))
    expect(drafts).toHaveLength(byStatus(PARTNER_STATUS.APPROVED).length)
    for (const p of byStatus(PARTNER_STATUS.APPROVED)) {
      const draft = drafts.find((d) => d.id === p.placeId)
      expect(draft).toMatchObject({ partnerId: p.id, kind: p.type === 5 ? 'hospital' : 'petShop', status: PLACE_STATUS.DEACTIVE, ownerEmail: p.email })
    }
    // The drafts count among their kind's places.
    expect(await t.db.$count(places, eq(places.kind, 'petShop'))).toBe(30)
    expect(await t.db.$count(places, eq(places.kind, 'hospital'))).toBe(30)
  })
})
