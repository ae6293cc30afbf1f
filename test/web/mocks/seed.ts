import {
  FEEDBACK_STATUS,
  FEEDBACK_TYPES,
  ROLE,
  type AuditActor,
  type AuditEntry,
  type City,
  type SiteDetails,
  PARTNER_TYPE,
  PLACE_STATUS,
  USER_STATUS,
  type FeedbackDetails,
  type NotificationDetails,
  type NotificationRecipient,
  PARTNER_STATUS,
  type PartnerDetails,
  type PlaceDetails,
  type PlaceKind,
  type UserDetails,
  type UserSummary,
} from '@contract'

/**
 * Seed rows for the list screens, typed by the contract. Deterministic, so a test can name a row:
 * users[0] is the newest. Ids are UUIDs, as the API's are.
 */
const uuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
/** Noon UTC, `daysAgo` days before 2025-06-30: newest first, the same calendar day in every zone we test in. */
const day = (daysAgo: number) => new Date(Date.UTC(2025, 5, 30 - daysAgo, 12, 0, 0)).toISOString()

const people = [
  'Aarav Sharma', 'Bella Thompson', 'Carlos Mendes', 'Diana Prince', 'Ethan Brooks', 'Fatima Khan',
  'George Miller', 'Hana Suzuki', 'Ivan Petrov', 'Julia Roberts', 'Kofi Mensah', 'Lena Fischer',
  'Mateo Garcia', 'Nina Ivanova', 'Omar Haddad', 'Priya Patel', 'Quinn Taylor', 'Rosa Lopez',
  'Sven Larsen', 'Tara Singh', 'Umar Farouk', 'Vera Novak', 'Will Turner',
]

export function seedUsers(): UserDetails[] {
  return people.map((name, i): UserDetails => {
    const username = name.toLowerCase().replace(' ', '_')
    return {
      _id: uuid('7b0e1c2a', i + 1),
      username,
      name,
      email: `${username}@example.com`,
      mobileNo: `98765${String(43210 + i)}`,
      countryCode: '+91',
      countryAbbreviation: 'IN',
      dob: `19${80 + (i % 20)}-0${1 + (i % 9)}-1${i % 10}`,
      status: i % 5 === 4 ? USER_STATUS.BLOCKED : USER_STATUS.ACTIVE,
      profileImage: null,
      createdAt: day(i),
      address: `${10 + i} Park Street, Kolkata`,
      profileCompleted: i % 3 !== 2,
      pets: [],
    }
  }).map((user, i) => {
    // A few shapes the screens must cope with.
    if (i === 0) {
      return {
        ...user,
        email: 'aarav.sharma.longaddress@example.com',
        mobileNo: '98765432101234',
        pets: [
          { _id: uuid('5e7a9b1c', 1), name: 'Bruno', species: { name: 'Dog' }, breed: { breedName: 'Labrador' }, profilePhoto: '/uploads/bruno.jpg' },
          { _id: uuid('5e7a9b1c', 2), name: 'Misty', species: { name: 'Cat' }, breed: null, profilePhoto: null },
        ],
      }
    }
    if (i === 1) return { ...user, name: null, dob: null, mobileNo: null, countryCode: null, address: null }
    return user
  })
}

const businesses = [
  ['Happy Paws Clinic', 'Meera Nair', PARTNER_TYPE.HOSPITAL],
  ['Pet Palace', 'Rahul Verma', PARTNER_TYPE.PET_SHOPS],
  ['City Vet Hospital', 'Anita Desai', PARTNER_TYPE.HOSPITAL],
  ['Furry Friends Store', 'John Mathew', PARTNER_TYPE.PET_SHOPS],
  ['Wagging Tails Care', 'Sara Ali', PARTNER_TYPE.HOSPITAL],
  ['Aqua World Pets', 'Deepak Rao', PARTNER_TYPE.PET_SHOPS],
  ['Green Cross Vets', 'Lucy Gray', PARTNER_TYPE.HOSPITAL],
  ['Bird Nest Supplies', 'Arjun Kapoor', PARTNER_TYPE.PET_SHOPS],
  ['Paws & Claws', 'Nisha Jain', PARTNER_TYPE.PET_SHOPS],
  ['Healing Hooves', 'Peter Hall', PARTNER_TYPE.HOSPITAL],
  ['Kitty Corner', 'Olga Smirnova', PARTNER_TYPE.PET_SHOPS],
  ['Zoo Doc Clinic', 'Victor Chen', PARTNER_TYPE.HOSPITAL],
] as const

/** The admin who decided the seeded decisions: Asha Admin of db.ts. */
const decider = { _id: '0a1d0000-0000-4000-8000-000000000001', email: 'admin@petcare.local' }
/** The seeded approved request's place: the third hospital of seedPlaces, completed since. */
export const approvedPartnerPlaceId = uuid('8d9e0f1a', 3)

/**
 * 12 partner requests, newest first, hospitals and pet shops in turn; pending but [3] (declined,
 * with a reason) and [9] (approved: its place is the third hospital, completed since).
 */
export function seedPartners(): PartnerDetails[] {
  return businesses.map(([name, ownerName, type], i): PartnerDetails => {
    const base: PartnerDetails = {
      _id: uuid('3c4d5e6f', i + 1),
      name,
      ownerName,
      email: `${ownerName.toLowerCase().replace(' ', '.')}@${name.toLowerCase().replace(/[^a-z]+/g, '')}.com`,
      mobileNo: `+91 90000 ${String(10000 + i * 111)}`,
      type,
      address: `${i + 1} MG Road, Bengaluru, Karnataka 5600${String(i).padStart(2, '0')}`,
      status: PARTNER_STATUS.PENDING,
      createdAt: day(i * 2),
      decidedAt: null,
      decidedBy: null,
      declineReason: null,
      place: null,
    }
    if (i === 3) {
      return { ...base, status: PARTNER_STATUS.DECLINED, decidedAt: day(i * 2 - 1), decidedBy: decider, declineReason: 'No trade licence was attached.' }
    }
    if (i === 9) {
      const place = { _id: approvedPartnerPlaceId, kind: 'hospital' as const, name, draft: false }
      return { ...base, status: PARTNER_STATUS.APPROVED, decidedAt: day(i * 2 - 1), decidedBy: decider, place }
    }
    return base
  })
}

/** A pet owner as a feedback's author or a notification's recipient. */
const summaryOf = (user: UserDetails): UserSummary => ({
  _id: user._id,
  username: user.username,
  name: user.name,
  email: user.email,
  mobileNo: user.mobileNo,
  countryCode: user.countryCode,
  profileImage: user.profileImage,
})

const shopNames = [
  'Happy Paws Pet Store', 'Pet Palace', 'Furry Friends Store', 'Aqua World Pets', 'Bird Nest Supplies',
  'Paws & Claws', 'Kitty Corner', 'Bark Avenue', 'The Pet Pantry', 'Whisker Wonders', 'Tail Waggers', 'Pet Point',
]
const hospitalNames = [
  'City Vet Hospital', 'Green Cross Vets', 'Healing Hooves', 'Zoo Doc Clinic', 'Wagging Tails Care',
  'Happy Paws Clinic', 'Pet Care Hospital', 'Animal Wellness Centre',
]

/**
 * Pet shops or hospitals, newest first: every fourth one Deactive. [0] is complete (logo, three
 * images, a discount); [1] has neither logo nor images nor discount, and no coordinates (-1).
 */
export function seedPlaces(kind: PlaceKind): PlaceDetails[] {
  const names = kind === 'petShop' ? shopNames : hospitalNames
  const prefix = kind === 'petShop' ? '6a7b8c9d' : '8d9e0f1a'
  const folder = kind === 'petShop' ? 'pet-shop' : 'hospital'
  return names.map((name, i): PlaceDetails => {
    const base: PlaceDetails = {
      _id: uuid(prefix, i + 1),
      name,
      address: `${i + 1} Brigade Road, Bengaluru, Karnataka 5600${String(i).padStart(2, '0')}`,
      status: i % 4 === 3 ? PLACE_STATUS.DEACTIVE : PLACE_STATUS.ACTIVE,
      createdAt: day(i),
      updatedAt: day(Math.max(0, i - 1)),
      description: `${name} looks after pets of every size.`,
      discount_title: `${10 + i}% off`,
      discount_description: 'On the first visit',
      latitude: 12.97 + i / 100,
      longitude: 77.59 + i / 100,
      logo: `/uploads/${folder}/logo-${i + 1}.png`,
      images: [`/uploads/${folder}/${i + 1}-a.jpg`],
      draft: false,
      partnerId: null,
      owner: null,
      version: 1,
    }
    if (i === 0) return { ...base, images: [1, 2, 3].map((n) => `/uploads/${folder}/1-${n}.jpg`) }
    if (i === 1) return { ...base, logo: null, images: [], discount_title: null, discount_description: null, latitude: -1, longitude: -1 }
    // The hospital an approved partner request made (seedPartners' [9]), completed since.
    if (kind === 'hospital' && i === 2) {
      return { ...base, partnerId: uuid('3c4d5e6f', 10), owner: { name: 'Peter Hall', email: 'peter.hall@healinghooves.com', mobileNo: '+91 90000 10999' } }
    }
    return base
  })
}

const feedbackTexts = [
  'The app crashes when I upload a photo of my dog.',
  'Please add reminders for vaccination dates.',
  'It would be nice to see nearby pet shops on a map.',
  'Thanks for the great app!',
]

/**
 * 14 feedback items, newest first, the types in turn (Bug, New Feature, Suggestion, Other);
 * [3] was written by a user who has since deleted their account (no user). Every third is in
 * progress ([1], [4]...), every third after it resolved ([2], [5]...), the rest open; [1] has two
 * notes (the newer by Asha Admin, the older by an admin whose account is gone).
 */
export function seedFeedback(users: readonly UserDetails[] = seedUsers()): FeedbackDetails[] {
  const statuses = [FEEDBACK_STATUS.OPEN, FEEDBACK_STATUS.IN_PROGRESS, FEEDBACK_STATUS.RESOLVED] as const
  return Array.from({ length: 14 }, (_, i): FeedbackDetails => {
    const type = FEEDBACK_TYPES[i % FEEDBACK_TYPES.length]!
    return {
      _id: uuid('4f5a6b7c', i + 1),
      type,
      description: `${feedbackTexts[i % feedbackTexts.length]} (#${i + 1})`,
      user: i === 3 ? null : summaryOf(users[i % users.length]!),
      status: statuses[i % statuses.length]!,
      createdAt: day(i),
      notes:
        i === 1
          ? [
              { _id: uuid('0e7e5a1d', 2), text: 'Reproduced on Android 14; asked the user for a screenshot.', author: { _id: '0a1d0000-0000-4000-8000-000000000001', name: 'Asha Admin' }, createdAt: day(0) },
              { _id: uuid('0e7e5a1d', 1), text: 'Looking into it.', author: null, createdAt: day(1) },
            ]
          : [],
    }
  })
}

/**
 * A notification with every recipient and their delivery, as the mock API keeps it (recipients in
 * the server's order, by id); the details' counts are counted from them when asked.
 */
export type MockNotification = Omit<NotificationDetails, 'users' | 'pendingCount' | 'deliveredCount' | 'failedCount' | 'notSentCount' | 'noDeviceCount'> & {
  users: NotificationRecipient[]
}

/** A recipient delivered at `at`. */
export const deliveredTo = (user: UserSummary, at: string): NotificationRecipient => ({ ...user, delivery: 2, attempts: 1, error: null, deliveredAt: at })

/**
 * Notifications, newest first, all sent. [0] went to 7 selected users (more than the 5 rows shown;
 * the first has a picture, Bella has no name nor mobile number, Aarav a long email and mobile),
 * and failed for the second of them; [1] went to all users; [2] to selected users who have all
 * since gone (no recipients).
 */
export function seedNotifications(users: readonly UserDetails[] = seedUsers()): MockNotification[] {
  const everyone = users.map(summaryOf)
  const selected = everyone.slice(0, 7).map((u, i) => (i === 2 ? { ...u, profileImage: '/uploads/profile/carlos.jpg' } : u))
  const titles: [string, string][] = [
    ['Vaccination drive this weekend', 'Free rabies shots at City Vet Hospital on Saturday and Sunday.'],
    ['New feature: pet reminders', 'Set reminders for feeding, walks and vet visits in the app.'],
    ['We miss you', 'Come back and see what is new for your pets.'],
    ['Monsoon care tips', 'Keep your pets dry and check their paws after walks.'],
    ['Adoption day', 'Meet pets looking for a home at Pet Palace this Sunday.'],
    ['App update', 'Version 2.3 fixes the photo upload crash.'],
  ]
  return titles.map(([title, body], i): MockNotification => {
    const recipients = i === 0 ? selected : i === 2 ? [] : i % 2 === 1 ? everyone : everyone.slice(i, i + 3)
    const createdAt = new Date(Date.UTC(2025, 5, 30 - i, 9, 30 + i, 0)).toISOString()
    return {
      _id: uuid('9a0b1c2d', i + 1),
      title,
      body,
      sendTo: i % 2 === 1 ? 'ALL_USERS' : 'SELECTED_USERS',
      recipientCount: recipients.length,
      createdAt,
      status: 2,
      scheduledAt: null,
      sentAt: createdAt,
      users: [...recipients]
        .sort((a, b) => (a._id < b._id ? -1 : 1))
        .map((u) =>
          i === 0 && u._id === selected[1]!._id
            ? { ...u, delivery: 3, attempts: 1, error: 'Device not registered', deliveredAt: createdAt }
            : deliveredTo(u, createdAt),
        ),
    }
  })
}

/** A city as the mock API stores it: its site count is counted from the sites when asked. */
export type MockCity = Omit<City, 'siteCount'>
/** A site as the mock API stores it: its city's name is looked up when asked. */
export type MockSite = Omit<SiteDetails, 'cityName'>

/** Where the built-in storage serves uploads (handlers/uploads.ts UPLOAD_URL): stored site images are its paths. */
const STORAGE_URL = '/uploads/'

/**
 * Cities, newest first: Bengaluru has three sites, Mumbai one, Pune none, New Delhi two.
 */
export function seedCities(): MockCity[] {
  return ['Bengaluru', 'Mumbai', 'Pune', 'New Delhi'].map((name, i) => ({
    _id: uuid('1a2b3c4d', i + 1),
    name,
    createdAt: day(i * 3),
    updatedAt: day(i * 3),
  }))
}

/**
 * Sites, newest first, in the cities of `seedCities`. [0] Cubbon Park has three images; [2]
 * Ulsoor Lake is Inactive.
 */
export function seedSites(cities: readonly MockCity[] = seedCities()): MockSite[] {
  const rows: [city: number, name: string, address: string, status: 1 | 2, images: number][] = [
    [0, 'Cubbon Park', 'Kasturba Road, Bengaluru, Karnataka 560001', PLACE_STATUS.ACTIVE, 3],
    [0, 'Lalbagh Botanical Garden', 'Mavalli, Bengaluru, Karnataka 560004', PLACE_STATUS.ACTIVE, 1],
    [0, 'Ulsoor Lake', 'Halasuru, Bengaluru, Karnataka 560008', PLACE_STATUS.DEACTIVE, 1],
    [1, 'Carter Road Promenade', 'Bandra West, Mumbai, Maharashtra 400050', PLACE_STATUS.ACTIVE, 2],
    [3, 'Lodhi Garden', 'Lodhi Estate, New Delhi, Delhi 110003', PLACE_STATUS.ACTIVE, 1],
    [3, 'Sunder Nursery', 'Nizamuddin, New Delhi, Delhi 110013', PLACE_STATUS.ACTIVE, 1],
  ]
  return rows.map(([city, name, address, status, images], i): MockSite => ({
    _id: uuid('2b3c4d5e', i + 1),
    cityId: cities[city]!._id,
    name,
    address,
    status,
    createdAt: day(i),
    updatedAt: day(i),
    description: `${name} welcomes pets on a leash.`,
    latitude: 12.97 + i / 100,
    longitude: 77.59 + i / 100,
    images: Array.from({ length: images }, (_, n) => `${STORAGE_URL}site/seed-${i + 1}-${n + 1}.jpg`),
    version: 1,
  }))
}

/**
 * The audit log (handlers/audit.ts): the admins it names and their entries, newest first. Ids are
 * UUIDs (the actor filter sends one). [0] is Asha's pet shop delete with a detail; a failed
 * sign-in names only the email tried; one entry has no actor and no target.
 */
export function seedAudit(): { actors: AuditActor[]; entries: AuditEntry[] } {
  const actors: AuditActor[] = [
    { _id: uuid('9c8d7e6f', 1), name: 'Asha Admin', email: 'admin@petcare.local', role: ROLE.ADMIN },
    { _id: uuid('9c8d7e6f', 2), name: 'Sam Sub', email: 'subadmin@petcare.local', role: ROLE.SUB_ADMIN },
    { _id: uuid('9c8d7e6f', 3), name: 'Ravi Rao', email: 'ravi.rao.operations@petcare.local', role: ROLE.ADMIN },
  ]
  const [asha, sam, ravi] = actors.map((a) => ({ id: a._id, email: a.email, role: a.role }))
  type Row = [daysAgo: number, hour: number, actor: AuditEntry['actor'], action: string, target: AuditEntry['target'], detail: AuditEntry['detail']]
  const rows: Row[] = [
    [0, 15, asha!, 'petShop.delete', { type: 'petShop', id: uuid('3c4d5e6f', 1), label: 'Happy Paws' }, { name: 'Happy Paws', reason: 'closed' }],
    [0, 11, sam!, 'user.block', { type: 'user', id: uuid('7b0e1c2a', 5), label: 'ethan_brooks' }, null],
    [1, 9, { id: null, email: 'intruder@example.com', role: null }, 'auth.sign_in_failed', null, { reason: 'bad password' }],
    [2, 14, ravi!, 'site.update', { type: 'site', id: uuid('2b3c4d5e', 1), label: 'Cubbon Park' }, { fields: ['name', 'images'] }],
    [3, 10, asha!, 'auth.sign_in', null, null],
    [5, 16, sam!, 'notification.send', { type: 'notification', id: uuid('4d5e6f70', 1), label: 'Vaccination week' }, { recipients: 12 }],
    [6, 12, asha!, 'faq.create', { type: 'faq', id: uuid('6e7f8091', 1), label: 'How do I add a pet?' }, null],
    [8, 13, sam!, 'hospital.status', { type: 'hospital', id: uuid('3c4d5e6f', 9), label: 'City Vet Care' }, { status: 2 }],
    [10, 8, ravi!, 'user.export', null, { search: 'an', rows: 4 }],
    [12, 17, null, 'authz.denied', null, { path: '/api/v1/admin/audit-log' }],
    [15, 12, asha!, 'city.create', { type: 'city', id: uuid('1a2b3c4d', 3), label: 'Pune' }, null],
    [20, 9, sam!, 'petShop.create', { type: 'petShop', id: uuid('3c4d5e6f', 2), label: null }, null],
  ]
  const entries = rows.map(([daysAgo, hour, actor, action, target, detail], i): AuditEntry => ({
    _id: uuid('8a9b0c1d', i + 1),
    at: new Date(Date.UTC(2025, 5, 30 - daysAgo, hour, 30, 0)).toISOString(),
    actor,
    action,
    target,
    address: i === 9 ? null : `203.0.113.${10 + i}`,
    requestId: `req-${uuid('0f1e2d3c', i + 1)}`,
    detail,
    count: 1,
    group: null,
  }))
  return { actors, entries }
}
