import { randomUUID } from 'node:crypto'
import { findAdminByEmail } from '../../../server/auth/admins'
import { startSession } from '../../../server/auth/sessions'
import {
  appUsers,
  cities,
  feedback,
  notificationRecipients,
  notifications,
  partners,
  pets,
  places,
  sites,
} from '../../../server/db/schema'
import { TEST_ADMIN, TEST_SUB_ADMIN } from './accounts'
import type { TestApp } from './test-app'

/**
 * Rows and sessions for the list tests, written straight to the database. A session is opened
 * without the password check (argon2 takes tens of milliseconds; sign-in has its own tests).
 */

export async function tokenOf(t: TestApp, who: 'admin' | 'subAdmin' = 'admin'): Promise<string> {
  const admin = await findAdminByEmail(t.db, who === 'admin' ? TEST_ADMIN.email : TEST_SUB_ADMIN.email)
  if (!admin) throw new Error(`No test account for ${who}`)
  return startSession(t.db, admin.id, t.clock.now(), 60 * 60 * 1000)
}

/** An instant `minutes` before the test clock's now. */
export const minutesAgo = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000)

/** A well-formed id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

/** The text fields of a valid pet shop or hospital body (add `images`, and `previousImages` on edit). */
export const placeFields = {
  name: 'New Paws',
  description: 'Food and toys',
  discount_title: '',
  discount_description: '',
  address: '1 Market Street',
  latitude: 37.79,
  longitude: -122.39,
}

/** An address the test storage hands out for an uploaded file (as POST /common/upload's fileUrl on app.request). */
export const uploadedUrl = (folder = 'place') => `/uploads/${folder}/2025/03/${randomUUID()}.png`

let counter = 0
const next = () => ++counter

type UserInsert = typeof appUsers.$inferInsert
export async function addUsers(t: TestApp, rows: Partial<UserInsert>[]) {
  const values = rows.map((row): UserInsert => {
    const n = next()
    return { username: `user${n}`, name: `User ${n}`, email: `user${n}@example.com`, ...row }
  })
  return t.db.insert(appUsers).values(values).returning()
}

type PetInsert = typeof pets.$inferInsert
export async function addPets(t: TestApp, ownerId: string, rows: Partial<PetInsert>[]) {
  return t.db
    .insert(pets)
    .values(rows.map((row): PetInsert => ({ ownerId, name: `Pet ${next()}`, ...row })))
    .returning()
}

type PlaceInsert = typeof places.$inferInsert
export async function addPlaces(t: TestApp, kind: 'petShop' | 'hospital', rows: Partial<PlaceInsert>[]) {
  return t.db
    .insert(places)
    .values(
      rows.map((row): PlaceInsert => {
        const n = next()
        return { kind, name: `Place ${n}`, description: 'A place', address: `${n} Main Street`, latitude: 51.5, longitude: -0.12, ...row }
      }),
    )
    .returning()
}

type CityInsert = typeof cities.$inferInsert
export async function addCities(t: TestApp, rows: Partial<CityInsert>[]) {
  return t.db
    .insert(cities)
    .values(rows.map((row): CityInsert => ({ name: `City ${next()}`, ...row })))
    .returning()
}

type SiteInsert = typeof sites.$inferInsert
export async function addSites(t: TestApp, cityId: string, rows: Partial<SiteInsert>[]) {
  return t.db
    .insert(sites)
    .values(
      rows.map((row): SiteInsert => {
        const n = next()
        return { cityId, name: `Site ${n}`, description: 'A site', address: `${n} Park Lane`, latitude: 51.5, longitude: -0.12, ...row }
      }),
    )
    .returning()
}

type PartnerInsert = typeof partners.$inferInsert
export async function addPartners(t: TestApp, rows: Partial<PartnerInsert>[]) {
  return t.db
    .insert(partners)
    .values(
      rows.map((row): PartnerInsert => {
        const n = next()
        return {
          name: `Partner ${n}`,
          ownerName: `Owner ${n}`,
          email: `partner${n}@example.com`,
          mobileNo: `555010${n}`,
          type: 5,
          address: `${n} High Street`,
          ...row,
        }
      }),
    )
    .returning()
}

type FeedbackInsert = typeof feedback.$inferInsert
export async function addFeedback(t: TestApp, rows: Partial<FeedbackInsert>[]) {
  return t.db
    .insert(feedback)
    .values(rows.map((row): FeedbackInsert => ({ type: 'BUG', description: `Feedback ${next()}`, ...row })))
    .returning()
}

type NotificationInsert = typeof notifications.$inferInsert
export async function addNotification(t: TestApp, row: Partial<NotificationInsert>, recipientIds: string[] = []) {
  const [made] = await t.db
    .insert(notifications)
    .values({ title: `Notice ${next()}`, body: 'Hello', sendTo: 'SELECTED_USERS', ...row })
    .returning()
  if (recipientIds.length > 0) {
    await t.db.insert(notificationRecipients).values(recipientIds.map((userId) => ({ notificationId: made!.id, userId })))
  }
  return made!
}

/** RFC 4180 parsing for assertions: the rows of a CSV body (a leading byte order mark dropped). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
