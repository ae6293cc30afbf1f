import { eq } from 'drizzle-orm'
import { PARTNER_TYPE, PLACE_STATUS, ROLE, USER_STATUS, type Role } from '../../contract'
import { normaliseEmail } from '../auth/admins'
import { hashPassword } from '../auth/passwords'
import type { Db } from './client'
import { admins, appUsers, partners, places } from './schema'

export interface AdminAccount {
  email: string
  password: string
  name: string
  role: Role
}

/** Creates each account whose email is not taken yet; existing accounts are left as they are. */
export async function ensureAdmins(db: Db, accounts: AdminAccount[]): Promise<string[]> {
  const created: string[] = []
  for (const account of accounts) {
    const email = normaliseEmail(account.email)
    const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1)
    if (existing) continue
    const inserted = await db
      .insert(admins)
      .values({
        name: account.name,
        email,
        role: account.role,
        status: USER_STATUS.ACTIVE,
        passwordHash: await hashPassword(account.password),
      })
      .onConflictDoNothing()
      .returning({ id: admins.id })
    if (inserted.length > 0) created.push(email)
  }
  return created
}

export const adminAccounts = (admin: Omit<AdminAccount, 'role'>, subAdmin: Omit<AdminAccount, 'role'>) => [
  { ...admin, role: ROLE.ADMIN },
  { ...subAdmin, role: ROLE.SUB_ADMIN },
]

// ---------------------------------------------------------------------------------------------
// Demo data: deterministic (a seeded generator), so every fresh start shows the same panel.

/** mulberry32: a tiny seeded PRNG; the same seed gives the same demo. */
function seededRandom(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella', 'Lucas',
  'Mia', 'Arjun', 'Priya', 'Mateo', 'Chloe', 'Daniel', 'Aisha', 'James', 'Zara', 'Oliver',
]
const LAST_NAMES = [
  'Smith', 'Johnson', 'Patel', 'Garcia', 'Brown', 'Williams', 'Khan', 'Martinez', 'Taylor', 'Anderson',
  'Thomas', 'Sharma', 'Moore', 'Jackson', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright',
]

/** Real places, so the map picker and the addresses look right. */
const LOCATIONS = [
  { address: '221 King Street West, Toronto, ON, Canada', lat: 43.6465, lng: -79.3871 },
  { address: '350 Fifth Avenue, New York, NY, USA', lat: 40.7484, lng: -73.9857 },
  { address: '10 Downing Street, London, UK', lat: 51.5034, lng: -0.1276 },
  { address: 'MG Road, Bengaluru, Karnataka, India', lat: 12.9756, lng: 77.6066 },
  { address: '1 Market Street, San Francisco, CA, USA', lat: 37.7941, lng: -122.3951 },
  { address: 'George Street, Sydney, NSW, Australia', lat: -33.8688, lng: 151.2093 },
  { address: 'Linking Road, Bandra West, Mumbai, India', lat: 19.0607, lng: 72.8362 },
  { address: 'Deansgate, Manchester, UK', lat: 53.4794, lng: -2.2501 },
  { address: '1200 Brickell Avenue, Miami, FL, USA', lat: 25.7617, lng: -80.1918 },
  { address: 'Connaught Place, New Delhi, India', lat: 28.6315, lng: 77.2167 },
]

const PHONES = [
  { countryCode: '+1', digits: 10 },
  { countryCode: '+44', digits: 10 },
  { countryCode: '+91', digits: 10 },
]

const PET_SHOPS = [
  'Happy Paws Pet Store', 'The Bark Boutique', 'Whiskers & Wags', 'Purrfect Supplies', 'Fetch Pet Market',
  'The Feathered Nest', 'Tail Waggers Emporium', 'Pawsome Pantry', 'Critter Corner', 'Furry Friends Outlet',
  'Kibble & Co.', 'Aquarium Alley',
]
const HOSPITALS = [
  'Riverside Veterinary Hospital', 'Greenfield Animal Clinic', 'Cityvet Emergency Centre', 'Oakwood Pet Hospital',
  'Lakeside Animal Hospital', 'Companion Care Vets', 'Northside Veterinary Clinic', 'Paws & Claws Animal Hospital',
]
const PARTNERS = [
  { name: 'Sunrise Veterinary Care', owner: 'Dr. Helen Carter', type: PARTNER_TYPE.HOSPITAL },
  { name: 'Pet Palace Superstore', owner: 'Marcus Reid', type: PARTNER_TYPE.PET_SHOPS },
  { name: 'Healing Hands Animal Clinic', owner: 'Dr. Anil Mehta', type: PARTNER_TYPE.HOSPITAL },
  { name: 'Wagging Tails Pet Shop', owner: 'Sofia Rossi', type: PARTNER_TYPE.PET_SHOPS },
  { name: 'Hilltop Vet Hospital', owner: 'Dr. Grace Okafor', type: PARTNER_TYPE.HOSPITAL },
  { name: 'The Pet Pantry', owner: 'Tom Becker', type: PARTNER_TYPE.PET_SHOPS },
]

const HOUR_MS = 60 * 60 * 1000
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!

/** The demo rows, built from `now` so that dates look recent. */
export function demoData(now: Date) {
  const random = seededRandom(20240611)
  const digits = (n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? 7 + Math.floor(random() * 3) : Math.floor(random() * 10))).join('')
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS)

  const users: (typeof appUsers.$inferInsert)[] = Array.from({ length: 40 }, (_, i) => {
    const first = pick(FIRST_NAMES, i)
    // Shifting the surname each round of first names keeps every pair distinct.
    const last = pick(LAST_NAMES, i * 7 + Math.floor(i / FIRST_NAMES.length))
    const phone = pick(PHONES, i)
    const year = 1970 + Math.floor(random() * 35)
    const month = String(1 + Math.floor(random() * 12)).padStart(2, '0')
    const day = String(1 + Math.floor(random() * 28)).padStart(2, '0')
    return {
      username: `${first}.${last}`.toLowerCase(),
      name: `${first} ${last}`,
      email: `${first}.${last}@example.com`.toLowerCase(),
      mobileNo: digits(phone.digits),
      countryCode: phone.countryCode,
      dob: `${year}-${month}-${day}`,
      status: i % 9 === 4 ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE,
      address: pick(LOCATIONS, i * 3).address,
      profileCompleted: i % 4 !== 3,
      createdAt: ago(i * 17 + 2),
    }
  })

  const place = (kind: 'petShop' | 'hospital', name: string, i: number): typeof places.$inferInsert => {
    const location = pick(LOCATIONS, kind === 'petShop' ? i : i + 5)
    const createdAt = ago(i * 29 + (kind === 'petShop' ? 5 : 11))
    return {
      kind,
      name,
      description:
        kind === 'petShop'
          ? `${name} stocks food, toys, grooming supplies and accessories for dogs, cats, birds and fish.`
          : `${name} offers check-ups, vaccinations, surgery and round-the-clock emergency care.`,
      discountTitle: i % 3 === 0 ? (kind === 'petShop' ? '10% off for members' : 'Free first check-up') : null,
      discountDescription: i % 3 === 0 ? 'Show the Petcare app at the counter.' : null,
      address: location.address,
      latitude: location.lat,
      longitude: location.lng,
      images: [],
      status: i % 5 === 4 ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE,
      createdAt,
      updatedAt: createdAt,
    }
  }

  const partnerRows: (typeof partners.$inferInsert)[] = PARTNERS.map((p, i) => ({
    name: p.name,
    ownerName: p.owner,
    email: `contact@${p.name.toLowerCase().replace(/[^a-z]+/g, '')}.example.com`,
    mobileNo: digits(10),
    type: p.type,
    address: pick(LOCATIONS, i + 2).address,
    createdAt: ago(i * 31 + 7),
  }))

  return {
    users,
    places: [...PET_SHOPS.map((n, i) => place('petShop', n, i)), ...HOSPITALS.map((n, i) => place('hospital', n, i))],
    partners: partnerRows,
  }
}

/** Fills the demo tables once: only while they are all empty. Returns whether it seeded. */
export async function seedDemo(db: Db, now: Date): Promise<boolean> {
  const counts = await Promise.all([db.$count(appUsers), db.$count(places), db.$count(partners)])
  if (counts.some((n) => n > 0)) return false
  const demo = demoData(now)
  await db.transaction(async (tx) => {
    await tx.insert(appUsers).values(demo.users)
    await tx.insert(places).values(demo.places)
    await tx.insert(partners).values(demo.partners)
  })
  return true
}
