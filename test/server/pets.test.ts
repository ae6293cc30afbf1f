import { petDetails, PETS_MSG } from '../../contract'
import { errorOf, okBody } from './helpers/bodies'
import { addPets, addUsers, UNKNOWN_ID } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const DAY_MS = 24 * 60 * 60 * 1000

/** Rex's fields that the page answers as they were stored (species, breed and owner are looked up). */
const REX = {
  name: 'Rex',
  age: 0.6,
  weight: 7.25,
  size: 2,
  gender: 1,
  microChipId: '985141000123456',
  dateOfBirth: '2024-09-01',
  profileType: '2',
  marking: 'Tricolour with a white tail tip',
  medicalHistory: 'Neutered. No allergies.',
  medications: [{ name: 'NexGard Spectra' }],
  vaccines: [{ date: '2024-11-01', vaccine: { name: 'Rabies' } }],
  profilePhotos: [{ url: 'https://img.test/rex.jpg' }],
}

async function rex(t: TestApp) {
  const [owner] = await addUsers(t, [
    { username: 'ann.lee', name: 'Ann Lee', email: 'ann@example.com', mobileNo: '7700900111', countryCode: '+44' },
  ])
  const [pet] = await addPets(t, owner!.id, [
    { ...REX, speciesName: 'Dog', breedName: 'Beagle', ownerSince: '2024-11-01' }, // the test clock reads 2025-03-01
  ])
  return pet!
}

describe('GET /pet/petbyid', () => {
  it('returns every field of the public pet page without a token', async () => {
    const t = await testApp()
    const pet = await rex(t)
    const body = await okBody(await t.get(`/pet/petbyid?petId=${pet.id}`), petDetails)
    expect(body.message).toBe(PETS_MSG.fetched)
    expect(body.data).toEqual({
      _id: pet.id,
      ...REX,
      species: { name: 'Dog' },
      breed: { breedName: 'Beagle' },
      owner: { name: 'Ann Lee', mobileNo: '+44 7700900111', email: 'ann@example.com', days: 120 },
    })
  })

  it('counts the days the owner has kept the pet by the clock', async () => {
    const t = await testApp()
    const pet = await rex(t)
    t.clock.advance(10 * DAY_MS)
    const body = await okBody(await t.get(`/pet/petbyid?petId=${pet.id}`), petDetails)
    expect(body.data.owner?.days).toBe(130)
  })

  it('answers null fields for a pet with only a name', async () => {
    const t = await testApp()
    const [owner] = await addUsers(t, [{ mobileNo: null }])
    const [pet] = await addPets(t, owner!.id, [{ name: 'Tom' }])
    const body = await okBody(await t.get(`/pet/petbyid?petId=${pet!.id}`), petDetails)
    expect(body.data).toMatchObject({ age: null, species: null, breed: null, profileType: '1', medications: [], vaccines: [], profilePhotos: [] })
    expect(body.data.owner).toMatchObject({ mobileNo: null, days: null })
  })

  it('answers 404 for an unknown pet', async () => {
    const t = await testApp()
    expect((await errorOf(await t.get(`/pet/petbyid?petId=${UNKNOWN_ID}`), 404)).message).toBe(PETS_MSG.notFound)
  })

  it.each(['petId=7', '', `petId=${UNKNOWN_ID}&x=1`])('answers 400 for the query "%s"', async (query) => {
    const t = await testApp()
    expect((await errorOf(await t.get(`/pet/petbyid?${query}`), 400)).error.code).toBe('BAD_REQUEST')
  })
})
