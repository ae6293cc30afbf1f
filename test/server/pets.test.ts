import { eq } from 'drizzle-orm'
import { API_MSG, petDetails, PETS_MSG, USER_STATUS } from '../../contract'
import { appUsers } from '../../server/db/schema'
import { errorOf, okBody } from './helpers/bodies'
import { addPets, addUsers, tokenOf, UNKNOWN_ID } from './helpers/fixtures'
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

  it("answers a blocked owner's pet as a missing one, so neither the pet nor the owner's name, phone and email are public", async () => {
    const t = await testApp()
    const pet = await rex(t)
    await t.db.update(appUsers).set({ status: USER_STATUS.BLOCKED }).where(eq(appUsers.id, pet.ownerId))
    const res = await t.get(`/pet/petbyid?petId=${pet.id}`)
    const text = await res.clone().text()
    expect((await errorOf(res, 404)).message).toBe(PETS_MSG.notFound)
    expect(text).not.toMatch(/Ann Lee|ann@example\.com|7700900111|Rex/)
    // The panel still opens it from its owner's details.
    await okBody(await t.get(`/admin/user/${pet.ownerId}/pet/${pet.id}`, { token: await tokenOf(t) }), petDetails)
  })

  it.each(['petId=7', '', `petId=${UNKNOWN_ID}&x=1`])('answers 400 for the query "%s"', async (query) => {
    const t = await testApp()
    expect((await errorOf(await t.get(`/pet/petbyid?${query}`), 400)).error.code).toBe('BAD_REQUEST')
  })
})

describe('GET /admin/user/:id/pet/:petId', () => {
  it('answers a signed-in admin the same record as the public page', async () => {
    const t = await testApp()
    const pet = await rex(t)
    const token = await tokenOf(t, 'subAdmin')
    const publicBody = await okBody(await t.get(`/pet/petbyid?petId=${pet.id}`), petDetails)
    const body = await okBody(await t.get(`/admin/user/${pet.ownerId}/pet/${pet.id}`, { token }), petDetails)
    expect(body.message).toBe(PETS_MSG.fetched)
    expect(body.data).toEqual(publicBody.data)
    expect(body.data.owner).toEqual({ name: 'Ann Lee', mobileNo: '+44 7700900111', email: 'ann@example.com', days: 120 })
  })

  it('answers 404 for a pet of another owner, so the page never shows a pet under the wrong person', async () => {
    const t = await testApp()
    const pet = await rex(t)
    const [stranger] = await addUsers(t, [{ name: 'Sam Stranger' }])
    const body = await errorOf(await t.get(`/admin/user/${stranger!.id}/pet/${pet.id}`, { token: await tokenOf(t) }), 404)
    expect(body.message).toBe(PETS_MSG.notFound)
  })

  it('answers 404 for an unknown pet', async () => {
    const t = await testApp()
    const pet = await rex(t)
    const body = await errorOf(await t.get(`/admin/user/${pet.ownerId}/pet/${UNKNOWN_ID}`, { token: await tokenOf(t) }), 404)
    expect(body.message).toBe(PETS_MSG.notFound)
  })

  it('answers 400 with the field for ids that are not UUIDs', async () => {
    const t = await testApp()
    const body = await errorOf(await t.get(`/admin/user/42/pet/7`, { token: await tokenOf(t) }), 400)
    expect(body.error.fields).toEqual({ id: API_MSG.invalidId, petId: API_MSG.invalidId })
  })

  it('answers 401 without a token', async () => {
    const t = await testApp()
    const pet = await rex(t)
    await errorOf(await t.get(`/admin/user/${pet.ownerId}/pet/${pet.id}`), 401)
  })
})
