import {
  AUDIENCE,
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  PARTNER_STATUS,
  PARTNER_TYPE,
  PLACE_STATUS,
  USER_STATUS,
  type Audience,
  type FeedbackStatus,
  type FeedbackType,
  type PlaceKind,
} from '../../contract'
import type { appUsers, feedback, notifications, partners, pets, places } from '../db/schema'
import type { DemoPictures } from './demo-pictures'
import { uuidOfHex } from './uuid-of-hex'

/**
 * Realistic demo rows, each built from its index alone: row i is the same on every run and on
 * every machine, and the bulk seed (scripts/seed.ts) can make row 73,512 without making the
 * 73,511 before it. Ids are UUIDs drawn from the same seeded generator, so a fresh demo keeps
 * the same links (e.g. /pet-details/<id>).
 */

export type UserRow = typeof appUsers.$inferInsert & { id: string; createdAt: Date }
export type PetRow = typeof pets.$inferInsert & { id: string }
export type PlaceRow = typeof places.$inferInsert & { id: string }
export type PartnerRow = typeof partners.$inferInsert & { id: string }
export type FeedbackRow = typeof feedback.$inferInsert & { id: string }
export type NotificationRow = typeof notifications.$inferInsert & { id: string; createdAt: Date }

// Number#toString(16) is slow in V8 (a float's digits, in any radix but 10).
const HEX_BYTES = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/**
 * The random numbers of row `index` of one kind of row (`salt`), with helpers over them: sfc32,
 * a small fast PRNG with 128 bits of state. Distinct rows get distinct states, so their streams
 * (and the UUIDs drawn from them) do not overlap, as those of a 32-bit generator seeded from
 * neighbouring numbers would. A class rather than closures: the seed makes one per row, three
 * million for a million users.
 */
class RowRandom {
  private a = 0x9e3779b9
  private b: number
  private c: number
  private d = 1

  constructor(salt: number, index: number) {
    this.b = salt
    this.c = index
    for (let i = 0; i < 15; i++) this.next() // mix the seed in
  }

  next(): number {
    const a = this.a | 0
    const b = this.b | 0
    const c = this.c | 0
    const d = this.d | 0
    const t = (((a + b) | 0) + d) | 0
    this.d = (d + 1) | 0
    this.a = b ^ (b >>> 9)
    this.b = (c + (c << 3)) | 0
    this.c = (((c << 21) | (c >>> 11)) + t) | 0
    return (t >>> 0) / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /** `n` digits, the first not below 6 (a phone number, a microchip). */
  digits(n: number): string {
    let text = ''
    for (let i = 0; i < n; i++) text += i === 0 ? this.int(6, 9) : this.int(0, 9)
    return text
  }

  /** 8 hex digits. */
  private word(): string {
    const n = Math.floor(this.next() * 4294967296)
    return HEX_BYTES[n >>> 24]! + HEX_BYTES[(n >>> 16) & 255]! + HEX_BYTES[(n >>> 8) & 255]! + HEX_BYTES[n & 255]!
  }

  /** A version 4 UUID. */
  uuid(): string {
    return uuidOfHex(this.word() + this.word() + this.word() + this.word())
  }

  /** Some distinct items of a list. */
  some<T>(list: readonly T[], count: number): T[] {
    const pool = list.slice()
    const chosen: T[] = []
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!)
    return chosen
  }
}

const SALT = { user: 1, pet: 2, petShop: 3, hospital: 4, partner: 5, feedback: 6, notification: 7 } as const

const DAY_MS = 24 * 60 * 60 * 1000
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)
const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n))
/** YYYY-MM-DD in UTC, as toISOString().slice(0, 10), without toISOString's cost (a few per row). */
const isoDate = (date: Date) => `${String(date.getUTCFullYear()).padStart(4, '0')}-${twoDigits(date.getUTCMonth() + 1)}-${twoDigits(date.getUTCDate())}`

// ---------------------------------------------------------------------------------------------
// Words

const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Ethan', 'Sophia', 'Mason', 'Isabella', 'Lucas',
  'Mia', 'Arjun', 'Priya', 'Mateo', 'Chloe', 'Daniel', 'Aisha', 'James', 'Zara', 'Oliver',
  'Amelia', 'Henry', 'Harper', 'Leo', 'Evelyn', 'Rohan', 'Ananya', 'Samuel', 'Grace', 'Jack',
  'Lily', 'Omar', 'Hannah', 'Diego', 'Nora', 'Kabir', 'Freya', 'Isaac', 'Maya', 'Émile',
] as const
const LAST_NAMES = [
  'Smith', 'Johnson', 'Patel', 'Garcia', 'Brown', 'Williams', 'Khan', 'Martinez', 'Taylor', 'Anderson',
  'Thomas', 'Sharma', 'Moore', 'Jackson', 'Lee', 'Walker', 'Hall', 'Young', 'King', 'Wright',
  'Lopez', 'Hill', 'Scott', 'Green', 'Adams', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts',
  'Iyer', 'Turner', 'Phillips', 'Campbell', "O'Brien", 'Evans', 'Edwards', 'Collins', 'Reddy', 'Murphy',
] as const
const NAME_PAIRS = FIRST_NAMES.length * LAST_NAMES.length

/** Real places, so the map picker and the addresses look right. */
const LOCATIONS = [
  { address: '221 King Street West, Toronto, ON M5H 1K5, Canada', lat: 43.6465, lng: -79.3871, country: 'CA' },
  { address: '350 Fifth Avenue, New York, NY 10118, USA', lat: 40.7484, lng: -73.9857, country: 'US' },
  { address: '10 Downing Street, London SW1A 2AA, UK', lat: 51.5034, lng: -0.1276, country: 'GB' },
  { address: 'MG Road, Bengaluru, Karnataka 560001, India', lat: 12.9756, lng: 77.6066, country: 'IN' },
  { address: '1 Market Street, San Francisco, CA 94105, USA', lat: 37.7941, lng: -122.3951, country: 'US' },
  { address: '388 George Street, Sydney NSW 2000, Australia', lat: -33.8688, lng: 151.2093, country: 'AU' },
  { address: 'Linking Road, Bandra West, Mumbai, Maharashtra 400050, India', lat: 19.0607, lng: 72.8362, country: 'IN' },
  { address: '100 Deansgate, Manchester M3 2GP, UK', lat: 53.4794, lng: -2.2501, country: 'GB' },
  { address: '1200 Brickell Avenue, Miami, FL 33131, USA', lat: 25.7617, lng: -80.1918, country: 'US' },
  { address: 'Connaught Place, New Delhi, Delhi 110001, India', lat: 28.6315, lng: 77.2167, country: 'IN' },
  { address: '1000 Robson Street, Vancouver, BC V6E 1A7, Canada', lat: 49.2827, lng: -123.1207, country: 'CA' },
  { address: '200 Collins Street, Melbourne VIC 3000, Australia', lat: -37.8136, lng: 144.9631, country: 'AU' },
  { address: '875 North Michigan Avenue, Chicago, IL 60611, USA', lat: 41.8989, lng: -87.6231, country: 'US' },
  { address: '15 Princes Street, Edinburgh EH2 2AN, UK', lat: 55.9533, lng: -3.1883, country: 'GB' },
  { address: 'Banjara Hills Road No. 12, Hyderabad, Telangana 500034, India', lat: 17.4126, lng: 78.4482, country: 'IN' },
  { address: '1500 Pike Place, Seattle, WA 98101, USA', lat: 47.6097, lng: -122.3422, country: 'US' },
] as const

const COUNTRIES = {
  US: { code: '+1', digits: 10 },
  CA: { code: '+1', digits: 10 },
  GB: { code: '+44', digits: 10 },
  IN: { code: '+91', digits: 10 },
  AU: { code: '+61', digits: 9 },
} as const

const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net'] as const

type Species = keyof DemoPictures['pets']
const SPECIES: Record<
  Species,
  {
    share: number
    breeds: readonly { name: string; size: 1 | 2 | 3 | 4; kg: readonly [number, number] }[]
    years: readonly [number, number]
    markings: readonly string[]
    vaccines: readonly string[]
  }
> = {
  Dog: {
    share: 0.55,
    breeds: [
      { name: 'Labrador Retriever', size: 3, kg: [25, 36] },
      { name: 'Golden Retriever', size: 3, kg: [25, 34] },
      { name: 'German Shepherd', size: 3, kg: [22, 40] },
      { name: 'Beagle', size: 2, kg: [9, 11] },
      { name: 'French Bulldog', size: 1, kg: [8, 13] },
      { name: 'Pug', size: 1, kg: [6, 8] },
      { name: 'Border Collie', size: 2, kg: [14, 20] },
      { name: 'Great Dane', size: 4, kg: [45, 80] },
      { name: 'Indian Pariah Dog', size: 2, kg: [15, 30] },
      { name: 'Shih Tzu', size: 1, kg: [4, 7] },
      { name: 'Saint Bernard', size: 4, kg: [55, 85] },
      { name: 'Cocker Spaniel', size: 2, kg: [12, 15] },
    ],
    years: [1, 14],
    markings: [
      'Golden coat with a white blaze on the chest',
      'Black and tan with a white tip on the tail',
      'Solid chocolate brown, small scar above the left eye',
      'Tricolour: black saddle, tan legs, white paws',
      'Fawn with a black mask',
      'Cream coat, one brown ear',
      'Brindle with white socks on both front paws',
    ],
    vaccines: ['Rabies', 'DHPP', 'Leptospirosis', 'Bordetella', 'Canine Influenza', 'Lyme Disease'],
  },
  Cat: {
    share: 0.3,
    breeds: [
      { name: 'Persian', size: 1, kg: [3, 5.5] },
      { name: 'Maine Coon', size: 2, kg: [5, 8] },
      { name: 'Siamese', size: 1, kg: [3, 5] },
      { name: 'British Shorthair', size: 2, kg: [4, 7] },
      { name: 'Bengal', size: 2, kg: [3.5, 7] },
      { name: 'Ragdoll', size: 2, kg: [4.5, 9] },
      { name: 'Domestic Shorthair', size: 1, kg: [3.5, 6] },
    ],
    years: [1, 18],
    markings: [
      'Grey tabby with a white bib',
      'Pure white, odd eyes (one blue, one green)',
      'Orange tabby with faint stripes on the legs',
      'Seal point: cream body, dark face and paws',
      'Tortoiseshell with a black patch over the nose',
      'Black with a single white whisker patch',
    ],
    vaccines: ['Rabies', 'FVRCP', 'Feline Leukemia (FeLV)', 'Chlamydia'],
  },
  Bird: {
    share: 0.07,
    breeds: [
      { name: 'Budgerigar', size: 1, kg: [0.03, 0.04] },
      { name: 'Cockatiel', size: 1, kg: [0.08, 0.12] },
      { name: 'African Grey Parrot', size: 1, kg: [0.4, 0.6] },
      { name: 'Lovebird', size: 1, kg: [0.04, 0.06] },
    ],
    years: [1, 20],
    markings: ['Bright green with yellow head', 'Grey body, red tail feathers', 'Yellow crest, orange cheek patches', 'Blue and white plumage'],
    vaccines: ['Polyomavirus', "Pacheco's Disease"],
  },
  Rabbit: {
    share: 0.05,
    breeds: [
      { name: 'Holland Lop', size: 1, kg: [1, 2] },
      { name: 'Netherland Dwarf', size: 1, kg: [0.8, 1.2] },
      { name: 'Flemish Giant', size: 2, kg: [6, 9] },
      { name: 'Mini Rex', size: 1, kg: [1.5, 2] },
    ],
    years: [1, 10],
    markings: ['White with brown ears', 'Solid black, velvety coat', 'Agouti grey', 'Broken orange and white'],
    vaccines: ['Myxomatosis', 'RHDV1', 'RHDV2'],
  },
  Hamster: {
    share: 0.03,
    breeds: [
      { name: 'Syrian Hamster', size: 1, kg: [0.1, 0.18] },
      { name: 'Roborovski Dwarf', size: 1, kg: [0.02, 0.03] },
    ],
    years: [1, 3],
    markings: ['Golden with a white belly', 'Sandy brown with white eyebrows'],
    vaccines: ['General health check'],
  },
}

const PET_NAMES = [
  'Bella', 'Max', 'Luna', 'Charlie', 'Lucy', 'Cooper', 'Daisy', 'Milo', 'Coco', 'Rocky', 'Bruno', 'Simba',
  'Nala', 'Oreo', 'Pepper', 'Ginger', 'Shadow', 'Biscuit', 'Mango', 'Kiwi', 'Leo', 'Tiger', 'Buddy', 'Sasha',
  'Zeus', 'Loki', 'Maple', 'Hazel', 'Toffee', 'Sheru', 'Motu', 'Chikki', 'Snowy', 'Ziggy', 'Pip', 'Olive',
] as const

const MEDICAL_HISTORY = [
  'Spayed/neutered. No chronic conditions.',
  'Treated for an ear infection last spring; fully recovered.',
  'Mild hip dysplasia, managed with weight control and joint supplements.',
  'Seasonal skin allergy; flares up in summer.',
  'Dental cleaning done last year. Two teeth extracted.',
  'Fractured front leg as a puppy, healed without complications.',
  'Sensitive stomach: on a grain-free diet.',
  'Healthy. Annual check-ups are up to date.',
] as const
const MEDICATIONS = [
  'Apoquel 16 mg', 'Carprofen 75 mg', 'NexGard Spectra', 'Heartgard Plus', 'Revolution Plus',
  'Omega-3 fish oil', 'Glucosamine chondroitin', 'Metronidazole 250 mg', 'Probiotic powder',
] as const

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * Demo user `i` (from 0) and their one to three pets, every field of the pet page filled, with
 * `pictures` (demo-pictures.ts) for faces and pet photos.
 */
export function userWithPets(i: number, now: Date, pictures: DemoPictures): { user: UserRow; pets: PetRow[] } {
  const r = new RowRandom(SALT.user, i)
  const pair = i % NAME_PAIRS
  const round = Math.floor(i / NAME_PAIRS)
  const first = FIRST_NAMES[pair % FIRST_NAMES.length]!
  // Shifting the surname by the round of first names keeps every pair distinct.
  const last = LAST_NAMES[(pair + Math.floor(pair / FIRST_NAMES.length)) % LAST_NAMES.length]!
  const handle = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase()
  const username = round === 0 ? handle : `${handle}${round + 1}`
  const location = r.pick(LOCATIONS)
  const country = COUNTRIES[location.country]
  const createdAt = new Date(now.getTime() - r.int(1, 3 * 365 * 24 * 60) * 60_000)
  const dob = new Date(Date.UTC(r.int(1960, 2006), r.int(0, 11), r.int(1, 28)))
  const user: UserRow = {
    id: r.uuid(),
    username,
    name: `${first} ${last}`,
    email: `${username}@${r.pick(EMAIL_DOMAINS)}`,
    mobileNo: r.chance(0.95) ? r.digits(country.digits) : null,
    countryCode: country.code,
    countryAbbreviation: location.country,
    dob: r.chance(0.9) ? isoDate(dob) : null,
    status: r.chance(0.08) ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE,
    profileImage: r.chance(0.6) ? r.pick(pictures.people.all) : null,
    address: location.address,
    profileCompleted: r.chance(0.8),
    createdAt,
  }
  const pets = Array.from({ length: r.int(1, 3) }, (_, n) => petOf(user, i * 3 + n, now, pictures))
  return { user, pets }
}

const SPECIES_SHARES = Object.entries(SPECIES).map(([name, { share }]) => [name as Species, share] as const)

function speciesOf(roll: number): Species {
  let total = 0
  for (const [name, share] of SPECIES_SHARES) {
    total += share
    if (roll < total) return name
  }
  return 'Dog'
}

function petOf(owner: UserRow, index: number, now: Date, pictures: DemoPictures): PetRow {
  const r = new RowRandom(SALT.pet, index)
  const speciesName = speciesOf(r.next())
  const species = SPECIES[speciesName]
  const breed = r.pick(species.breeds)
  // An age under 1 is months / 10 (0.6 is six months), as the pet page reads it.
  const months = r.chance(0.15) ? r.int(2, 9) : undefined
  const years = months === undefined ? r.int(species.years[0], species.years[1]) : 0
  const age = months !== undefined ? months / 10 : years
  const born = new Date(now.getTime() - ((months ?? 0) * 30.4 + years * 365.25 + r.int(0, 25)) * DAY_MS)
  // The owner got the pet after it was born and after they joined... or before: people join late.
  const ownedDays = Math.max(1, Math.floor((now.getTime() - born.getTime()) / DAY_MS) - r.int(0, 60))
  const photos = r.some(pictures.pets[speciesName], r.int(1, 3))
  const vaccineNames = r.some(species.vaccines, r.int(1, Math.min(4, species.vaccines.length)))
  return {
    id: r.uuid(),
    ownerId: owner.id,
    name: r.pick(PET_NAMES),
    age,
    speciesName,
    weight: Math.round((breed.kg[0] + r.next() * (breed.kg[1] - breed.kg[0])) * (months ? 0.5 : 1) * 100) / 100,
    breedName: breed.name,
    size: breed.size,
    gender: r.chance(0.02) ? 3 : r.chance(0.5) ? 1 : 2,
    microChipId: r.digits(15),
    dateOfBirth: isoDate(born),
    profileType: r.chance(0.75) ? '1' : '2',
    marking: r.pick(species.markings),
    medicalHistory: r.pick(MEDICAL_HISTORY),
    medications: r.some(MEDICATIONS, r.chance(0.5) ? r.int(1, 2) : 0).map((name) => ({ name })),
    vaccines: vaccineNames.map((name) => ({
      date: isoDate(daysAgo(now, r.int(10, Math.max(11, ownedDays)))),
      vaccine: { name },
    })),
    profilePhotos: photos.map((url) => ({ url })),
    ownerSince: isoDate(daysAgo(now, ownedDays)),
    createdAt: new Date(owner.createdAt.getTime() + r.int(0, 30 * 24 * 60) * 60_000),
  }
}

const PLACE_NAMES: Record<PlaceKind, readonly string[]> = {
  petShop: [
    'Happy Paws Pet Store', 'The Bark Boutique', 'Whiskers & Wags', 'Purrfect Supplies', 'Fetch Pet Market',
    'The Feathered Nest', 'Tail Waggers Emporium', 'Pawsome Pantry', 'Critter Corner', 'Furry Friends Outlet',
    'Kibble & Co.', 'Aquarium Alley', 'Bones & Biscuits', 'The Pet Parlour', 'Wag Street Supplies',
    'Nibbles Pet Foods', 'Hop & Chirp', 'The Scratching Post', 'Collar & Leash', 'Petopia',
    'Muddy Paws Grooming & Supplies', 'The Hamster Hut', 'Snout & About', 'Fins & Feathers', 'Good Boy Goods',
  ],
  hospital: [
    'Riverside Veterinary Hospital', 'Greenfield Animal Clinic', 'Cityvet Emergency Centre', 'Oakwood Pet Hospital',
    'Lakeside Animal Hospital', 'Companion Care Vets', 'Northside Veterinary Clinic', 'Paws & Claws Animal Hospital',
    'Harbour View Vets', 'St. Francis Animal Hospital', 'Meadowbrook Veterinary Centre', 'BluePaw 24/7 Pet Emergency',
    'Cedar Lane Veterinary Surgery', 'Sunnyvale Animal Medical Centre', 'Hillcrest Pet Clinic',
  ],
}
const SHOP_WHAT = ['premium dog and cat food', 'toys and chews', 'grooming supplies', 'aquariums and fish care', 'bird cages and seed', 'beds, collars and leashes', 'small-animal habitats']
const HOSPITAL_WHAT = ['vaccinations', 'dental care', 'orthopaedic surgery', 'diagnostic imaging', 'round-the-clock emergency care', 'dermatology', 'microchipping']
const DISCOUNTS: Record<PlaceKind, readonly [string, string][]> = {
  petShop: [
    ['10% off for members', 'Show the Petcare app at the counter.'],
    ['Buy 2 bags, get 1 free', 'On all dry food brands, every weekend.'],
    ['Free nail trim', 'With any grooming package over $40.'],
  ],
  hospital: [
    ['Free first check-up', 'For pets registered on Petcare.'],
    ['15% off vaccinations', 'Book through the app before the end of the month.'],
    ['Senior pet wellness pack', 'Blood panel and check-up at a fixed price.'],
  ],
}

/** Pet shop or hospital `i` (from 0), with `pictures`; past the list of names, names repeat with a branch. */
export function placeAt(kind: PlaceKind, i: number, now: Date, pictures: DemoPictures): PlaceRow {
  const r = new RowRandom(SALT[kind], i)
  const names = PLACE_NAMES[kind]
  const base = names[i % names.length]!
  const location = r.pick(LOCATIONS)
  const city = location.address.split(', ').at(-3) ?? ''
  const name = i < names.length ? base : `${base} - ${city} ${Math.floor(i / names.length) + 1}`
  const what = r.some(kind === 'petShop' ? SHOP_WHAT : HOSPITAL_WHAT, 3)
  const discount = r.chance(0.4) ? r.pick(DISCOUNTS[kind]) : undefined
  const createdAt = new Date(now.getTime() - r.int(1, 2 * 365 * 24 * 60) * 60_000)
  const photos = r.some(pictures.places[kind], r.int(1, 4))
  return {
    id: r.uuid(),
    kind,
    name,
    description:
      kind === 'petShop'
        ? `${name} is a neighbourhood pet store offering ${what.join(', ')}. Friendly staff help you choose the right products for your pet.`
        : `${name} provides ${what.join(', ')}. Our vets and nurses treat dogs, cats, birds and small animals.`,
    discountTitle: discount?.[0] ?? null,
    discountDescription: discount?.[1] ?? null,
    address: location.address,
    latitude: Math.round((location.lat + (r.next() - 0.5) * 0.02) * 1e6) / 1e6,
    longitude: Math.round((location.lng + (r.next() - 0.5) * 0.02) * 1e6) / 1e6,
    logo: photos[0] ?? null,
    images: photos,
    status: r.chance(0.2) ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE,
    createdAt,
    updatedAt: createdAt,
  }
}

const PARTNER_NAMES = {
  [PARTNER_TYPE.HOSPITAL]: ['Sunrise Veterinary Care', 'Healing Hands Animal Clinic', 'Hilltop Vet Hospital', 'Willow Creek Vets', 'Apollo Pet Hospital', 'Maple Leaf Animal Clinic', 'Evergreen Veterinary Group', 'Coastal Animal Hospital', 'Vetcare Plus', 'PetFirst Clinic'],
  [PARTNER_TYPE.PET_SHOPS]: ['Pet Palace Superstore', 'Wagging Tails Pet Shop', 'The Pet Pantry', 'Furever Pet Supplies', 'Paws Point', 'Chirpy Corner', 'The Doggy Deli', 'Cat Nap Boutique', 'Zoomies Pet Store', 'Noah\'s Ark Pets'],
} as const

const DECLINE_REASONS = [
  'The trade licence attached to the request has expired. Please send a current one.',
  'We could not reach the owner on the phone number given.',
  'The address is outside the cities Petcare serves for now.',
  'A listing for this business already exists on Petcare.',
  'The veterinary registration number could not be verified.',
] as const

/** Who decided the demo's decided requests: the first admin account, when there is one. */
export type Decider = { id: string; email: string } | null

/**
 * Partner request `i` (from 0): hospitals and pet shops in turn. Most are pending; about one
 * in five is approved (seedRows makes its draft place) and one in seven declined with a reason,
 * decided between its arrival and `now`.
 */
export function partnerAt(i: number, now: Date, decider: Decider = null): PartnerRow {
  const r = new RowRandom(SALT.partner, i)
  const type = i % 2 === 0 ? PARTNER_TYPE.HOSPITAL : PARTNER_TYPE.PET_SHOPS
  const names = PARTNER_NAMES[type]
  const n = Math.floor(i / 2)
  const base = names[n % names.length]!
  const round = Math.floor(n / names.length)
  const name = round === 0 ? base : `${base} ${round + 1}`
  const first = r.pick(FIRST_NAMES)
  const last = r.pick(LAST_NAMES)
  const location = r.pick(LOCATIONS)
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '')
  const createdAt = new Date(now.getTime() - r.int(1, 365 * 24 * 60) * 60_000)
  const row: PartnerRow = {
    id: r.uuid(),
    name,
    ownerName: type === PARTNER_TYPE.HOSPITAL ? `Dr. ${first} ${last}` : `${first} ${last}`,
    email: `contact@${slug}.example.com`,
    mobileNo: `${COUNTRIES[location.country].code} ${r.digits(COUNTRIES[location.country].digits)}`,
    type,
    address: location.address,
    createdAt,
    // Every row names every column: the bulk insert takes its columns from the first row.
    status: PARTNER_STATUS.PENDING,
    decidedAt: null,
    decidedBy: null,
    decidedByEmail: null,
    declineReason: null,
  }
  const roll = r.next()
  if (roll >= 0.35) return row
  const decision = {
    decidedAt: new Date(createdAt.getTime() + Math.floor((now.getTime() - createdAt.getTime()) * r.next())),
    decidedBy: decider?.id ?? null,
    decidedByEmail: decider?.email ?? null,
  }
  return roll < 0.2
    ? { ...row, ...decision, status: PARTNER_STATUS.APPROVED }
    : { ...row, ...decision, status: PARTNER_STATUS.DECLINED, declineReason: r.pick(DECLINE_REASONS) }
}

const FEEDBACK_TEXTS: Record<FeedbackType, readonly string[]> = {
  BUG: [
    'The app crashes when I upload more than three photos of my pet at once.',
    'Vaccination reminders arrive a day late for me.',
    'The map shows the wrong location for the clinic near my house.',
    'I cannot change my phone number: the save button does nothing.',
    'Pet profile photos appear rotated sideways on Android.',
    'Search for "Labrador" returns no results, but "labrador" does.',
    'Logged out every time I close the app.',
  ],
  NEW_FEATURE: [
    'Please add a weight chart so I can track my dog over time.',
    'It would be great to book vet appointments directly in the app.',
    'Could you add support for multiple owners of one pet?',
    'A dark mode would be lovely for late-night walks.',
    'Let me export my pet\'s medical history as a PDF for the vet.',
    'Add reminders for flea and tick treatment.',
  ],
  SUGGESTION: [
    'Show opening hours of pet shops on the list, not only on the details page.',
    'The vaccine list could be sorted by date.',
    'Make the emergency clinic button easier to find.',
    'It would help to filter hospitals by those open 24/7.',
    'Group notifications by pet when I have more than one.',
  ],
  OTHER: [
    'Thank you! The app helped us find our lost cat within hours.',
    'Great service at the partner clinic, thanks for the discount.',
    'How do I delete my account?',
    'Love the new design of the pet profile page.',
  ],
}

/**
 * Feedback `i` (from 0) by one of `authors` (after the author joined). A few have no author:
 * feedback outlives a deleted account.
 */
export function feedbackAt(i: number, now: Date, authors: readonly { id: string; createdAt: Date }[]): FeedbackRow {
  const r = new RowRandom(SALT.feedback, i)
  const type = FEEDBACK_TYPES[i % FEEDBACK_TYPES.length]!
  const author = authors.length > 0 && !r.chance(0.03) ? r.pick(authors) : undefined
  const since = author ? Math.max(author.createdAt.getTime(), now.getTime() - 365 * DAY_MS) : now.getTime() - 365 * DAY_MS
  const id = r.uuid()
  const description = r.pick(FEEDBACK_TEXTS[type])
  const createdAt = new Date(since + r.next() * (now.getTime() - since))
  return { id, type, description, userId: author?.id ?? null, createdAt, status: feedbackStatusAt(r.next(), now.getTime() - createdAt.getTime()) }
}

/** Handling takes time: most recent feedback is still open, most older feedback is resolved. */
function feedbackStatusAt(roll: number, age: number): FeedbackStatus {
  const [open, inProgress] = age < 30 * DAY_MS ? [0.6, 0.85] : [0.1, 0.25]
  if (roll < open) return FEEDBACK_STATUS.OPEN
  return roll < inProgress ? FEEDBACK_STATUS.IN_PROGRESS : FEEDBACK_STATUS.RESOLVED
}

const NOTIFICATION_TEXTS = [
  ['Vaccination week is here', 'Partner clinics offer 15% off rabies and DHPP vaccines until Sunday.'],
  ['New: pet weight tracking', 'Log your pet\'s weight and see the trend on their profile.'],
  ['Heatwave alert', 'Keep pets indoors in the afternoon and always carry water on walks.'],
  ['Scheduled maintenance', 'The app will be unavailable on Saturday from 02:00 to 03:00 UTC.'],
  ['Your pet shop favourites are on sale', 'Up to 30% off toys and treats at participating stores.'],
  ['Fireworks tonight', 'Keep your pets inside and close the curtains to reduce stress.'],
  ['Complete your profile', 'Add your pet\'s vaccines so we can remind you before they are due.'],
  ['Adoption weekend', 'Meet rescue dogs and cats at partner shops this Saturday.'],
  ['Flea and tick season', 'Ask your vet about monthly protection before the warm months.'],
  ['Thank you for your feedback', 'We fixed the photo upload crash you reported. Please update the app.'],
  ['Free microchipping day', 'Participating hospitals microchip your pet for free this Friday.'],
  ['Happy holidays from Petcare', 'Remember: chocolate, grapes and onions are toxic to pets.'],
] as const

/**
 * How many of the first notifications are broadcasts (every third of them). A broadcast stores a
 * recipient row per user, so at a million users each costs a million rows: later notifications
 * all go to a selection, which keeps a large seed to a few million recipient rows.
 */
const BROADCASTS_AMONG_FIRST = 15

/** Notification `i` (from 0): every third of the first ones goes to all users, the rest to a selection. */
export function notificationAt(i: number, now: Date): NotificationRow & { recipients: number } {
  const r = new RowRandom(SALT.notification, i)
  const [title, body] = NOTIFICATION_TEXTS[i % NOTIFICATION_TEXTS.length]!
  const sendTo: Audience = i < BROADCASTS_AMONG_FIRST && i % 3 === 0 ? AUDIENCE[0] : AUDIENCE[1]
  const createdAt = new Date(now.getTime() - r.int(1, 180 * 24 * 60) * 60_000)
  return {
    id: r.uuid(),
    title,
    body,
    sendTo,
    createdAt,
    // Sent when written, as a send without a schedule is: the dashboard counts sends by this.
    sentAt: createdAt,
    // How many users a selection names (all users get an ALL_USERS one).
    recipients: r.int(3, 40),
  }
}

/**
 * Picks `count` distinct members among the first `length` of `pool` for notification `i`,
 * deterministically. A partial Fisher-Yates shuffle that records only the swapped places: the
 * pool (a million users) is neither copied nor spliced.
 */
export function recipientsOf<T>(i: number, pool: readonly T[], length: number, count: number): T[] {
  const r = new RowRandom(SALT.notification + 100, i)
  const size = Math.min(length, pool.length)
  const swapped = new Map<number, number>()
  const picked: T[] = []
  for (let k = 0; k < Math.min(count, size); k++) {
    const j = k + Math.floor(r.next() * (size - k))
    picked.push(pool[swapped.get(j) ?? j]!)
    swapped.set(j, swapped.get(k) ?? k)
  }
  return picked
}
