import type { HttpHandler } from 'msw'
import { PETS_MSG, petByIdQuery, petDetails, USER_STATUS, type PetDetails } from '@contract'
import { completePet } from '../complete-pet'
import { db, fail, ok, route, storeOf } from '../db'

/**
 * The full records of the seeded users' pets (seed.ts: users[0] owns Bruno and Misty), with the
 * shapes the public page must cope with: Bruno is complete (three photos, vaccines, medications),
 * Misty has no photo, medication or owner duration and a young age.
 */
function seedPets(): PetDetails[] {
  const owner = db.users[0]!
  const [bruno, misty] = owner.pets
  const ownerOf = (days: number | null) => ({ name: owner.name, mobileNo: `${owner.countryCode} ${owner.mobileNo}`, email: owner.email, days })
  return [
    completePet({
      _id: bruno!._id,
      profilePhotos: [{ url: '/uploads/pets/bruno-1.jpg' }, { url: '/uploads/pets/bruno-2.jpg' }, { url: '/uploads/pets/bruno-3.jpg' }],
      owner: ownerOf(412),
    }),
    {
      _id: misty!._id,
      name: 'Misty',
      age: 0.5,
      species: { name: 'Cat' },
      weight: null,
      breed: null,
      size: 1,
      gender: 2,
      microChipId: null,
      dateOfBirth: null,
      profileType: '2',
      marking: null,
      medicalHistory: null,
      medications: [],
      vaccines: [],
      profilePhotos: [],
      owner: ownerOf(null),
    },
  ]
}

/** This test's pets: seeded afresh whenever the mock database is (resetDb). */
export const petsDb = storeOf(seedPets)

export const petsHandlers: HttpHandler[] = [
  // Public: no token. A blocked owner's pet answers as a missing one, as on the server.
  route('get', '/pet/petbyid', { query: petByIdQuery }, ({ query }) => {
    const pet = petsDb().find((p) => p._id === query.petId)
    const owner = db.users.find((u) => u.pets.some((p) => p._id === query.petId))
    return pet && owner?.status !== USER_STATUS.BLOCKED ? ok(PETS_MSG.fetched, petDetails.parse(pet)) : fail('NOT_FOUND', PETS_MSG.notFound)
  }),
]
