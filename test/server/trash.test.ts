import * as zm from 'zod/mini'
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import {
  CITY_MSG,
  city,
  dashboardCharts,
  dashboardTotals,
  faq,
  feedback as feedbackItem,
  FEEDBACK_MSG,
  NOTIFICATION_STATUS,
  notificationListItem,
  PLACES_MSG,
  placeDetails,
  placeListItem,
  SITE_MSG,
  siteListItem,
  TRASH_DAYS,
  TRASH_MSG,
  trashItem,
  type TrashKind,
} from '../../contract'
import { admins, auditLog, cities, cmsPages, faqs, signedUploads } from '../../server/db/schema'
import { TEST_ADMIN } from './helpers/accounts'
import { errorOf, listBody, okBody } from './helpers/bodies'
import {
  addCities,
  addFeedback,
  addNotification,
  addPlaces,
  addSites,
  addUsers,
  parseCsv,
  placeFields,
  tokenOf,
  uploadedUrl,
} from './helpers/fixtures'
import { nothing, testApp, type TestApp } from './helpers/test-app'

const DAY_MS = 24 * 60 * 60 * 1000

const del = (t: TestApp, path: string, token: string) => t.call('DELETE', path, undefined, { token })

/** A file uploaded through the signing flow (its signed_uploads row, its bytes in the test storage), and its URL. */
async function uploaded(t: TestApp, folder = 'place') {
  const key = `${folder}/2025/03/${randomUUID()}.png`
  await t.db.insert(signedUploads).values({ key, maxBytes: 100, createdAt: t.clock.now() })
  await t.storage.put(key, new Uint8Array([137, 80, 78, 71]), 'image/png')
  return { key, url: t.storage.fileUrl(key) }
}

const trashOf = async (t: TestApp, token: string, query = '') => listBody(await t.get(`/admin/trash${query}`, { token }), trashItem)
const restore = (t: TestApp, kind: TrashKind, id: string, token: string) => t.post(`/admin/trash/${kind}/${id}/restore`, undefined, { token })

describe('a deleted pet shop', () => {
  it('leaves the lists, totals, searches, exports, details and dashboard, waits in the trash, and comes back exactly', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const logo = await uploaded(t)
    const image = await uploaded(t)
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Trashy Paws', logo: logo.url, images: [image.url], version: 3 }])
    await addPlaces(t, 'petShop', [{ name: 'Staying Paws' }])
    const before = await okBody(await t.get(`/place/admin/pet-shop/${shop!.id}`, { token }), placeDetails)

    expect((await okBody(await del(t, `/place/pet-shop/${shop!.id}`, token), nothing)).message).toBe(PLACES_MSG.petShop.deleted)

    const list = await listBody(await t.get('/place/admin/pet-shops', { token }), placeListItem)
    expect(list.data.map((p) => p.name)).toEqual(['Staying Paws'])
    expect(list.total).toBe(1)
    expect((await listBody(await t.get('/place/admin/pet-shops?search=trashy', { token }), placeListItem)).total).toBe(0)
    const csv = parseCsv(await (await t.get('/place/admin/pet-shops/export', { token })).text())
    expect(csv.map((row) => row[0])).toEqual(['Name', 'Staying Paws'])
    await errorOf(await t.get(`/place/admin/pet-shop/${shop!.id}`, { token }), 404)
    const edit = {
      ...placeFields,
      images: [],
      previousImages: [image.url],
      version: 3,
    }
    await errorOf(await t.put(`/place/pet-shop/${shop!.id}`, edit, { token }), 404)
    await errorOf(
      await t.call('PATCH', `/place/pet-shop/${shop!.id}`, undefined, {
        token,
      }),
      404,
    )
    await errorOf(await del(t, `/place/pet-shop/${shop!.id}`, token), 404)
    expect((await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)).data.petShops).toBe(1)

    const trash = await trashOf(t, token)
    expect(trash.total).toBe(1)
    expect(trash.data[0]).toEqual({
      _id: shop!.id,
      kind: 'petShop',
      name: 'Trashy Paws',
      deletedAt: t.clock.now().toISOString(),
      deletedBy: { _id: expect.any(String), email: 'admin@petcare.test' },
      purgeAt: new Date(t.clock.now().getTime() + TRASH_DAYS * DAY_MS).toISOString(),
      restoreBlocker: null,
    })

    expect((await okBody(await restore(t, 'petShop', shop!.id, token), nothing)).message).toBe(TRASH_MSG.restored)
    expect(await okBody(await t.get(`/place/admin/pet-shop/${shop!.id}`, { token }), placeDetails)).toEqual(before)
    expect((await okBody(await t.get('/admin/dashboard', { token }), dashboardTotals)).data.petShops).toBe(2)
    expect((await trashOf(t, token)).total).toBe(0)
    // Restoring what is not in the trash, or under another kind, is not found.
    expect((await errorOf(await restore(t, 'petShop', shop!.id, token), 404)).message).toBe(TRASH_MSG.notFound)
  })

  it('keeps a file another place still names', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const shared = await uploaded(t)
    const [gone] = await addPlaces(t, 'petShop', [{ images: [shared.url] }, { logo: shared.url }])
    await okBody(await del(t, `/place/pet-shop/${gone!.id}`, token), nothing)
    await okBody(await del(t, `/admin/trash/petShop/${gone!.id}`, token), nothing)
    expect(await t.storage.get(shared.key)).toBeDefined()
  })

  it('keeps a file a CMS page or an admin’s profile picture still names', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const inPage = await uploaded(t)
    const inProfile = await uploaded(t, 'profile')
    const [gone] = await addPlaces(t, 'petShop', [{ images: [inPage.url, inProfile.url] }])
    await t.db.insert(cmsPages).values({ type: 4, content: `<p><img src="${inPage.url}"></p>`, updatedAt: t.clock.now() })
    await t.db.update(admins).set({ profileImage: inProfile.url }).where(eq(admins.email, TEST_ADMIN.email))
    await okBody(await del(t, `/place/pet-shop/${gone!.id}`, token), nothing)
    await okBody(await del(t, `/admin/trash/petShop/${gone!.id}`, token), nothing)
    expect(await t.storage.get(inPage.key)).toBeDefined()
    expect(await t.storage.get(inProfile.key)).toBeDefined()
  })

  it('is erased with its files by Delete forever', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const logo = await uploaded(t)
    const [shop] = await addPlaces(t, 'hospital', [{ logo: logo.url }])
    await okBody(await del(t, `/place/hospital/${shop!.id}`, token), nothing)
    await errorOf(await del(t, `/admin/trash/petShop/${shop!.id}`, token), 404) // another kind
    expect((await okBody(await del(t, `/admin/trash/hospital/${shop!.id}`, token), nothing)).message).toBe(TRASH_MSG.purged)
    expect(await t.storage.get(logo.key)).toBeUndefined()
    expect(await t.db.select().from(signedUploads).where(eq(signedUploads.key, logo.key))).toEqual([])
    expect((await trashOf(t, token)).total).toBe(0)
    await errorOf(await restore(t, 'hospital', shop!.id, token), 404)
  })
})

describe('sites and cities in the trash', () => {
  it('leave the city’s count and sites; a city with only trashed sites can be deleted, and restores follow the city', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [paris] = await addCities(t, [{ name: 'Paris' }])
    const [park] = await addSites(t, paris!.id, [{ name: 'Parc Monceau' }])

    await errorOf(await del(t, `/admin/city/${paris!.id}`, token), 409)
    expect((await okBody(await del(t, `/admin/site/${park!.id}`, token), nothing)).message).toBe(SITE_MSG.deleted)
    expect((await okBody(await t.get(`/admin/city/${paris!.id}`, { token }), city)).data.siteCount).toBe(0)
    expect((await listBody(await t.get(`/admin/site/list?cityId=${paris!.id}`, { token }), siteListItem)).total).toBe(0)
    await errorOf(await t.get(`/admin/site/${park!.id}`, { token }), 404)

    expect((await okBody(await del(t, `/admin/city/${paris!.id}`, token), nothing)).message).toBe(CITY_MSG.deleted)
    expect((await listBody(await t.get('/admin/city/list', { token }), city)).total).toBe(0)
    // Sites cannot be added to a city in the trash.
    const site = {
      cityId: paris!.id,
      name: 'New',
      description: 'A park',
      address: '1 Rue',
      latitude: 1,
      longitude: 1,
      images: [uploadedUrl('site')],
    }
    await errorOf(await t.post('/admin/site', site, { token }), 404)

    const trash = await trashOf(t, token, '?filter=site')
    expect(trash.data[0]).toMatchObject({
      _id: park!.id,
      restoreBlocker: TRASH_MSG.siteCityGone,
    })
    expect((await errorOf(await restore(t, 'site', park!.id, token), 409)).message).toBe(TRASH_MSG.siteCityGone)

    // A new Paris takes the name: the old one cannot come back under it.
    const [newParis] = await addCities(t, [{ name: ' paris ' }])
    expect((await trashOf(t, token, '?filter=city')).data[0]).toMatchObject({
      restoreBlocker: TRASH_MSG.cityNameTaken,
    })
    expect((await errorOf(await restore(t, 'city', paris!.id, token), 409)).message).toBe(TRASH_MSG.cityNameTaken)
    await okBody(await del(t, `/admin/city/${newParis!.id}`, token), nothing)

    await okBody(await restore(t, 'city', paris!.id, token), nothing)
    await okBody(await restore(t, 'site', park!.id, token), nothing)
    expect((await okBody(await t.get(`/admin/city/${paris!.id}`, { token }), city)).data.siteCount).toBe(1)
  })

  it('never puts a city in the trash with a site added at the same moment', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    for (let i = 0; i < 3; i++) {
      const [town] = await addCities(t, [{ name: `Race ${i}` }])
      const body = { cityId: town!.id, name: 'Park', description: 'A park', address: '1 Rue', latitude: 1, longitude: 1, images: [uploadedUrl('site')] }
      const [added, deleted] = await Promise.all([t.post('/admin/site', body, { token }), del(t, `/admin/city/${town!.id}`, token)])
      // Either the site came first (the city stays: 409) or the city went first (no city to add to: 404).
      expect([[added.status, deleted.status]]).toEqual([expect.toBeOneOf([[201, 409], [404, 200]])])
    }
  })

  it('erases a city’s sites only with the city: a Restore between the two deletes cannot keep the city without them', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [oslo] = await addCities(t, [{ name: 'Oslo' }])
    const picture = await uploaded(t, 'site')
    const [park] = await addSites(t, oslo!.id, [{ images: [picture.url] }])
    await okBody(await del(t, `/admin/site/${park!.id}`, token), nothing)
    await okBody(await del(t, `/admin/city/${oslo!.id}`, token), nothing)
    // Stands for a Restore committing after the sites went: without the city's lock taken first,
    // the city's own delete (of trashed cities only) missed it and kept it without its sites.
    await t.db.execute(
      sql.raw(`create function restore_city() returns trigger language plpgsql as $$
        begin update cities set deleted_at = null, deleted_by = null where id = old.city_id; return old; end $$`),
    )
    await t.db.execute(sql.raw('create trigger restore_city after delete on sites for each row execute function restore_city()'))
    try {
      await okBody(await del(t, `/admin/trash/city/${oslo!.id}`, token), nothing)
    } finally {
      await t.db.execute(sql.raw('drop trigger restore_city on sites'))
      await t.db.execute(sql.raw('drop function restore_city()'))
    }
    expect(await t.db.select().from(cities).where(eq(cities.id, oslo!.id))).toEqual([])
    expect(await t.storage.get(picture.key)).toBeUndefined()
  })

  it('erases a city’s trashed sites with it, and their files', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [oslo] = await addCities(t, [{ name: 'Oslo' }])
    const picture = await uploaded(t, 'site')
    const [park] = await addSites(t, oslo!.id, [{ images: [picture.url] }])
    await okBody(await del(t, `/admin/site/${park!.id}`, token), nothing)
    await okBody(await del(t, `/admin/city/${oslo!.id}`, token), nothing)
    await okBody(await del(t, `/admin/trash/city/${oslo!.id}`, token), nothing)
    expect((await trashOf(t, token)).total).toBe(0)
    expect(await t.storage.get(picture.key)).toBeUndefined()
  })
})

describe('FAQs in the trash', () => {
  it('close the gap on the public page, and come back at their old position', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const rows = await t.db
      .insert(faqs)
      .values(
        ['A', 'B', 'C'].map((title, i) => ({
          title,
          description: title,
          sortOrder: i,
        })),
      )
      .returning()
    const b = rows.find((r) => r.title === 'B')!
    await okBody(await del(t, `/admin/faq/${b.id}`, token), nothing)
    const shown = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(shown.data.map((f) => [f.title, f.order])).toEqual([
      ['A', 0],
      ['C', 1],
    ])
    // Reordering leaves the trashed one alone.
    const c = rows.find((r) => r.title === 'C')!
    const a = rows.find((r) => r.title === 'A')!
    await okBody(await t.put('/admin/faq/order', { ids: [a.id, c.id] }, { token }), zm.array(faq))
    await okBody(await restore(t, 'faq', b.id, token), nothing)
    const back = await okBody(await t.get('/cms-faqs'), zm.array(faq))
    expect(back.data.map((f) => [f.title, f.order])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ])
    expect(back.data.find((f) => f.title === 'B')!._id).toBe(b.id)
  })
})

describe('DELETE /admin/feedback/:id', () => {
  it('moves a feedback to the trash (admins only): it leaves the list, the charts and its writes', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [user] = await addUsers(t, [{}])
    const [gone, kept] = await addFeedback(t, [
      {
        userId: user!.id,
        description: 'Crashes on save',
        createdAt: t.clock.now(),
      },
      { userId: user!.id, createdAt: t.clock.now() },
    ])
    await errorOf(await del(t, `/admin/feedback/${gone!.id}`, await tokenOf(t, 'subAdmin')), 403)
    expect((await okBody(await del(t, `/admin/feedback/${gone!.id}`, token), nothing)).message).toBe(FEEDBACK_MSG.deleted)
    const list = await listBody(await t.get('/feedback/list', { token }), feedbackItem)
    expect(list.data.map((f) => f._id)).toEqual([kept!.id])
    expect((await listBody(await t.get('/feedback/list?filter=BUG', { token }), feedbackItem)).total).toBe(1)
    const charts = await okBody(await t.get('/admin/dashboard/charts', { token }), dashboardCharts)
    expect(charts.data.feedback.byType.BUG).toBe(1)
    await errorOf(await t.get(`/feedback/${gone!.id}`, { token }), 404)
    await errorOf(await t.call('PATCH', `/feedback/${gone!.id}/status`, { status: 3 }, { token }), 404)
    await errorOf(await t.post(`/feedback/${gone!.id}/notes`, { text: 'hi' }, { token }), 404)
    await errorOf(await del(t, `/admin/feedback/${gone!.id}`, token), 404)
    expect((await trashOf(t, token, '?search=crashes')).data.map((i) => i.kind)).toEqual(['feedback'])

    await okBody(await restore(t, 'feedback', gone!.id, token), nothing)
    expect((await listBody(await t.get('/feedback/list', { token }), feedbackItem)).total).toBe(2)
  })
})

describe('a scheduled notification in the trash', () => {
  it('is not sent while there; restored and due, it is', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [user] = await addUsers(t, [{}])
    const n = await addNotification(
      t,
      {
        status: NOTIFICATION_STATUS.SCHEDULED,
        scheduledAt: new Date(t.clock.now().getTime() + 60_000),
        sentAt: null,
      },
      [user!.id],
    )
    await okBody(await del(t, `/admin/notification/${n.id}`, token), nothing)
    expect((await listBody(await t.get('/admin/notifications', { token }), notificationListItem)).total).toBe(0)
    await errorOf(await t.post(`/admin/notification/${n.id}/cancel`, undefined, { token }), 404)
    await errorOf(await t.get(`/admin/notification/${n.id}/recipients`, { token }), 404)
    t.clock.advance(120_000)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([])
    expect(t.delivered).toEqual([])

    await okBody(await restore(t, 'notification', n.id, token), nothing)
    expect((await t.app.scheduler.runOnce()).sent).toEqual([n.id])
    expect(t.delivered.flatMap((d) => d.userIds)).toEqual([user!.id])
  })
})

describe('a sent notification in the trash', () => {
  it('has none of its pending recipients handed over while there; restored, they are', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [user] = await addUsers(t, [{}])
    const n = await addNotification(t, { sentAt: t.clock.now() }, [user!.id])
    await okBody(await del(t, `/admin/notification/${n.id}`, token), nothing)
    t.clock.advance(10 * 60_000) // past the lease: the sweep would deliver them
    await t.app.scheduler.runOnce()
    expect(t.delivered).toEqual([])
    await okBody(await restore(t, 'notification', n.id, token), nothing)
    await t.app.scheduler.runOnce()
    expect(t.delivered.flatMap((d) => d.userIds)).toEqual([user!.id])
  })
})

describe('the trash', () => {
  it('lists every kind, newest deletion first, by name, and filtered by kind', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [shop] = await addPlaces(t, 'petShop', [{ name: 'Zed Shop' }])
    const [hospital] = await addPlaces(t, 'hospital', [{ name: 'Alpha Care' }])
    const n = await addNotification(t, { title: 'Middle notice' })
    await okBody(await del(t, `/place/pet-shop/${shop!.id}`, token), nothing)
    t.clock.advance(1000)
    await okBody(await del(t, `/place/hospital/${hospital!.id}`, token), nothing)
    t.clock.advance(1000)
    await okBody(await del(t, `/admin/notification/${n.id}`, token), nothing)

    expect((await trashOf(t, token)).data.map((i) => i.name)).toEqual(['Middle notice', 'Alpha Care', 'Zed Shop'])
    expect((await trashOf(t, token, '?sortBy=name&sortOrder=1')).data.map((i) => i.name)).toEqual(['Alpha Care', 'Middle notice', 'Zed Shop'])
    expect((await trashOf(t, token, '?sortBy=deletedAt&sortOrder=1&limit=1&page=2')).data.map((i) => i.name)).toEqual(['Alpha Care'])
    const hospitals = await trashOf(t, token, '?filter=hospital')
    expect([hospitals.total, hospitals.data[0]!.kind]).toEqual([1, 'hospital'])
    expect((await trashOf(t, token, '?search=zed')).total).toBe(1)
    await errorOf(await t.get('/admin/trash?filter=nonsense', { token }), 400)
  })

  it('is for admins only', async () => {
    const t = await testApp()
    const sub = await tokenOf(t, 'subAdmin')
    const [shop] = await addPlaces(t, 'petShop', [{}])
    await okBody(await del(t, `/place/pet-shop/${shop!.id}`, await tokenOf(t)), nothing)
    await errorOf(await t.get('/admin/trash', { token: sub }), 403)
    await errorOf(await restore(t, 'petShop', shop!.id, sub), 403)
    await errorOf(await del(t, `/admin/trash/petShop/${shop!.id}`, sub), 403)
  })

  it('records restores and deletes forever in the audit log', async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const [a, b] = await addPlaces(t, 'petShop', [{ name: 'Back Again' }, { name: 'Gone For Good' }])
    await okBody(await del(t, `/place/pet-shop/${a!.id}`, token), nothing)
    await okBody(await del(t, `/place/pet-shop/${b!.id}`, token), nothing)
    await okBody(await restore(t, 'petShop', a!.id, token), nothing)
    await okBody(await del(t, `/admin/trash/petShop/${b!.id}`, token), nothing)
    const entries = await t.db
      .select({
        action: auditLog.action,
        type: auditLog.targetType,
        id: auditLog.targetId,
        label: auditLog.targetLabel,
      })
      .from(auditLog)
      .where(and(eq(auditLog.actorEmail, 'admin@petcare.test')))
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: 'trash.restore',
          type: 'petShop',
          id: a!.id,
          label: 'Back Again',
        },
        {
          action: 'trash.purge',
          type: 'petShop',
          id: b!.id,
          label: 'Gone For Good',
        },
      ]),
    )
  })

  it(`is purged by the maintenance after ${TRASH_DAYS} days, files and all, sites before their cities`, async () => {
    const t = await testApp()
    const token = await tokenOf(t)
    const image = await uploaded(t)
    const [shop] = await addPlaces(t, 'petShop', [{ images: [image.url] }])
    const [lima] = await addCities(t, [{ name: 'Lima' }])
    const [site] = await addSites(t, lima!.id, [{}])
    await okBody(await del(t, `/place/pet-shop/${shop!.id}`, token), nothing)
    await okBody(await del(t, `/admin/site/${site!.id}`, token), nothing)
    await okBody(await del(t, `/admin/city/${lima!.id}`, token), nothing)

    t.clock.advance(TRASH_DAYS * DAY_MS)
    expect((await t.app.maintenance.runOnce()).trashPurged).toBe(0) // exactly 30 days: not yet
    t.clock.advance(1)
    expect((await t.app.maintenance.runOnce()).trashPurged).toBe(3)
    expect((await trashOf(t, await tokenOf(t))).total).toBe(0)
    expect(await t.storage.get(image.key)).toBeUndefined()
  })
})
