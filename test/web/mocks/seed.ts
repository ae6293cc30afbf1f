import { PARTNER_TYPE, USER_STATUS, type Partner, type UserDetails } from '@contract'

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

export function seedPartners(): Partner[] {
  return businesses.map(([name, ownerName, type], i) => ({
    _id: uuid('3c4d5e6f', i + 1),
    name,
    ownerName,
    email: `${ownerName.toLowerCase().replace(' ', '.')}@${name.toLowerCase().replace(/[^a-z]+/g, '')}.com`,
    mobileNo: `+91 90000 ${String(10000 + i * 111)}`,
    type,
    address: `${i + 1} MG Road, Bengaluru, Karnataka 5600${String(i).padStart(2, '0')}`,
    createdAt: day(i * 2),
  }))
}
