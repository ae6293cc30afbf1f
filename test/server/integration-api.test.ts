import { once } from 'node:events'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { eq, isNotNull } from 'drizzle-orm'
import {
  createdApiToken,
  dashboardTotals,
  deviceRemoval,
  DEVICES_MSG,
  pushDevice,
  INTEGRATION_BASE_PATH,
  userDetails,
  userListItem,
  USERS_MSG,
  type ApiTokenScope,
} from '../../contract'
import {
  INTEGRATION_MSG,
  NDJSON_MEDIA_TYPE,
  SYNC_LINE_MAX_CHARS,
  integrationRemoval,
  integrationWrite,
  syncLineResult,
  syncSummary,
} from '../../contract/integration'
import { appUsers, feedback, partners, pets, pushDevices } from '../../server/db/schema'
import { errorOf, listBody, okBody } from './helpers/bodies'
import { tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const ALL_WRITES: ApiTokenScope[] = ['users:write', 'pets:write', 'feedback:write', 'partners:write']

async function apiToken(t: TestApp, scopes: ApiTokenScope[] = ALL_WRITES) {
  const res = await t.post('/admin/api-tokens', { name: 'App backend', scopes }, { token: await tokenOf(t) })
  return (await okBody(res, createdApiToken, 201)).data.secret
}

const user = (n: number, extra: Record<string, unknown> = {}) => ({
  username: `owner${n}`,
  name: `Owner Number ${n}`,
  email: `Owner${n}@Example.com`,
  mobileNo: '7700900123',
  countryCode: '44',
  country: 'gb',
  dateOfBirth: '1990-04-05',
  address: '1 High Street, London',
  profileImage: 'https://cdn.example.com/a.jpg',
  ...extra,
})

const pet = (extra: Record<string, unknown> = {}) => ({
  name: 'Bruno',
  age: 3,
  species: 'Dog',
  breed: 'Beagle',
  weight: 12.5,
  size: 2,
  gender: 1,
  microChipId: 'MC-123',
  dateOfBirth: '2021-06-01',
  marking: 'White tail tip',
  medicalHistory: 'Healthy',
  medications: [{ name: 'Wormer' }],
  vaccines: [{ name: 'Rabies', date: '2024-03-01' }],
  profilePhotos: ['https://cdn.example.com/bruno.jpg'],
  ...extra,
})

const putUser = (t: TestApp, token: string, externalId: string, body: unknown) =>
  t.put(`/integration/users/${externalId}`, body as never, { token })
const putPet = (t: TestApp, token: string, owner: string, petId: string, body: unknown) =>
  t.put(`/integration/users/${owner}/pets/${petId}`, body as never, { token })

/** Sends NDJSON to a sync call and reads its answer's lines. */
async function syncCall(t: TestApp, token: string, kind: 'users' | 'pets', lines: unknown[]) {
  const body = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')
  const res = await t.app.request(`${INTEGRATION_BASE_PATH}/sync/${kind}`, {
    method: 'POST',
    headers: { 'Content-Type': NDJSON_MEDIA_TYPE, Authorization: `Bearer ${token}` },
    body,
  })
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('Content-Type')).toContain(NDJSON_MEDIA_TYPE)
  const answer = (await res.text())
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown)
  return { results: answer.slice(0, -1).map((r) => syncLineResult.parse(r)), summary: syncSummary.parse(answer.at(-1)) }
}

describe('PUT /integration/users/{externalId}', () => {
  it('creates the user, then answers unchanged for the same body and updated for a changed one, with one row', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const created = await okBody(await putUser(t, token, 'app-1', user(1)), integrationWrite)
    expect(created.message).toBe(INTEGRATION_MSG.userWritten.created)
    expect(created.data).toMatchObject({ externalId: 'app-1', result: 'created' })
    const again = await okBody(await putUser(t, token, 'app-1', user(1)), integrationWrite)
    expect(again.data).toEqual({ ...created.data, result: 'unchanged' })
    expect(again.message).toBe(INTEGRATION_MSG.userWritten.unchanged)
    const changed = await okBody(await putUser(t, token, 'app-1', user(1, { name: 'New Name' })), integrationWrite)
    expect(changed.data).toEqual({ ...created.data, result: 'updated' })
    const rows = await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'app-1'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      name: 'New Name',
      email: 'owner1@example.com',
      countryCode: '+44',
      countryAbbreviation: 'GB',
      dob: '1990-04-05',
    })
  })

  it('empties an optional field the platform no longer sends', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token, 'app-1', user(1))
    const { address: _address, profileImage: _image, ...rest } = user(1)
    expect((await okBody(await putUser(t, token, 'app-1', rest), integrationWrite)).data.result).toBe('updated')
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'app-1'))
    expect(row).toMatchObject({ address: null, profileImage: null })
  })

  it('refuses a bad body with every field message (400), and an unknown field', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const body = await errorOf(
      await putUser(t, token, 'app-1', {
        ...user(1),
        email: 'not-an-email',
        name: 'A',
        mobileNo: '12ab',
        dateOfBirth: '2999-01-01',
        profileImage: 'javascript:alert(1)',
        status: 1,
      }),
      400,
    )
    expect(body.error.fields).toMatchObject({
      email: 'Please enter valid Email',
      name: 'Name should be minimum of 2 characters',
      mobileNo: 'Use 4 to 15 digits, without the country code',
      dateOfBirth: 'Use a date between 1900-01-01 and today',
      profileImage: 'Please enter a valid image URL',
      status: 'This field is not allowed',
    })
    expect(await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'app-1'))).toHaveLength(0)
  })

  it('refuses a bad externalId and a text over its cap before its pattern', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    expect((await errorOf(await putUser(t, token, 'has%20space', user(1)), 400)).error.fields).toEqual({
      externalId: INTEGRATION_MSG.externalIdBadFormat,
    })
    const long = await errorOf(await putUser(t, token, 'app-1', user(1, { address: 'x'.repeat(501) })), 400)
    expect(long.error.fields).toEqual({ address: 'Should be maximum of 500 characters' })
  })

  it('answers 409 on the field when another user holds the username or the email', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token, 'app-1', user(1))
    const taken = await errorOf(await putUser(t, token, 'app-2', user(2, { username: 'owner1' })), 409)
    expect(taken.error.fields).toEqual({ username: INTEGRATION_MSG.usernameTaken })
    const email = await errorOf(await putUser(t, token, 'app-2', user(2, { email: 'OWNER1@example.com' })), 409)
    expect(email.error.fields).toEqual({ email: INTEGRATION_MSG.emailTaken })
  })

  it('does not unblock a user the panel blocked', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const { data } = await okBody(await putUser(t, token, 'app-1', user(1)), integrationWrite)
    const block = await t.call('PATCH', `/admin/user/block-unblock/${data._id}?status=2`, undefined, { token: await tokenOf(t) })
    expect(block.status).toBe(200)
    await okBody(await putUser(t, token, 'app-1', user(1, { name: 'Still Blocked' })), integrationWrite)
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.id, data._id))
    expect(row).toMatchObject({ status: 2, name: 'Still Blocked' })
  })

  it('needs the users:write scope (403) and an API token, never a session (401)', async () => {
    const t = await testApp()
    const token = await apiToken(t, ['pets:write'])
    expect((await putUser(t, token, 'app-1', user(1))).status).toBe(403)
    expect((await putUser(t, await tokenOf(t), 'app-1', user(1))).status).toBe(401)
  })

  it('shows in the dashboard total and the users list', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const admin = await tokenOf(t)
    const before = (await okBody(await t.get('/admin/dashboard', { token: admin }), dashboardTotals)).data.users
    await putUser(t, token, 'app-1', user(1))
    const after = (await okBody(await t.get('/admin/dashboard', { token: admin }), dashboardTotals)).data.users
    expect(after).toBe(before + 1)
    const list = await listBody(await t.get('/admin/users?search=owner1', { token: admin }), userListItem)
    expect(list.message).toBe(USERS_MSG.listed)
    expect(list.data.map((u) => u.username)).toEqual(['owner1'])
  })
})

describe('pets of a user', () => {
  it('creates the pet with every field of the pet page, then unchanged, then deleted, then unchanged again', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const owner = await okBody(await putUser(t, token, 'app-1', user(1)), integrationWrite)
    const created = await okBody(await putPet(t, token, 'app-1', 'pet-1', pet()), integrationWrite)
    expect(created.data.result).toBe('created')
    expect((await okBody(await putPet(t, token, 'app-1', 'pet-1', pet()), integrationWrite)).data.result).toBe('unchanged')
    const details = await okBody(await t.get(`/admin/user/${owner.data._id}`, { token: await tokenOf(t) }), userDetails)
    expect(details.data.pets).toEqual([
      {
        _id: created.data._id,
        name: 'Bruno',
        species: { name: 'Dog' },
        breed: { breedName: 'Beagle' },
        profilePhoto: 'https://cdn.example.com/bruno.jpg',
      },
    ])
    const [row] = await t.db.select().from(pets).where(eq(pets.externalId, 'pet-1'))
    expect(row).toMatchObject({
      age: 3,
      weight: 12.5,
      vaccines: [{ date: '2024-03-01', vaccine: { name: 'Rabies' } }],
      medications: [{ name: 'Wormer' }],
    })

    const removed = await okBody(await t.call('DELETE', '/integration/users/app-1/pets/pet-1', undefined, { token }), integrationRemoval)
    expect(removed.data).toEqual({ externalId: 'pet-1', result: 'deleted' })
    const again = await okBody(await t.call('DELETE', '/integration/users/app-1/pets/pet-1', undefined, { token }), integrationRemoval)
    expect(again.data.result).toBe('unchanged')
    expect(await t.db.select().from(pets).where(eq(pets.externalId, 'pet-1'))).toHaveLength(0)
  })

  it('answers 404 for a user the panel does not know, and 400 for a bad pet', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    expect((await errorOf(await putPet(t, token, 'nobody', 'pet-1', pet()), 404)).message).toBe(INTEGRATION_MSG.unknownUser)
    await putUser(t, token, 'app-1', user(1))
    const bad = await errorOf(
      await putPet(
        t,
        token,
        'app-1',
        'pet-1',
        pet({ size: 9, vaccines: [{ name: 'Rabies', date: '03/01/2024' }], profilePhotos: Array(21).fill('https://x.example/p.jpg') }),
      ),
      400,
    )
    expect(bad.error.fields).toMatchObject({
      size: 'Use 1 (Small) to 4 (Extra-Large)',
      'vaccines.0.date': 'Use a date as YYYY-MM-DD',
      profilePhotos: 'At max you can upload 20 images',
    })
  })

  it('moves a pet sent under another user to them', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token, 'app-1', user(1))
    const second = await okBody(await putUser(t, token, 'app-2', user(2)), integrationWrite)
    await putPet(t, token, 'app-1', 'pet-1', pet())
    expect((await okBody(await putPet(t, token, 'app-2', 'pet-1', pet()), integrationWrite)).data.result).toBe('updated')
    const [row] = await t.db.select().from(pets).where(eq(pets.externalId, 'pet-1'))
    expect(row!.ownerId).toBe(second.data._id)
  })
})

describe('feedback and partner requests', () => {
  it('submits feedback once however often it is sent, and counts it in the panel', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token, 'app-1', user(1))
    const body = { externalId: 'fb-1', userExternalId: 'app-1', type: 'BUG', description: 'The map does not load' }
    const first = await okBody(await t.post('/integration/feedback', body, { token }), integrationWrite)
    expect(first.data.result).toBe('created')
    expect((await okBody(await t.post('/integration/feedback', body, { token }), integrationWrite)).data.result).toBe('unchanged')
    const rows = await t.db.select().from(feedback).where(eq(feedback.externalId, 'fb-1'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 'BUG', status: 1 })
    expect((await errorOf(await t.post('/integration/feedback', { ...body, type: 'RANT' }, { token }), 400)).error.fields).toEqual({
      type: 'Use BUG, NEW_FEATURE, SUGGESTION or OTHER',
    })
    expect(
      (await errorOf(await t.post('/integration/feedback', { ...body, externalId: 'fb-2', userExternalId: 'nobody' }, { token }), 404))
        .error.fields,
    ).toEqual({
      userExternalId: INTEGRATION_MSG.unknownUser,
    })
  })

  it('submits a pending partner request once, and counts it on the dashboard', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const admin = await tokenOf(t)
    const before = (await okBody(await t.get('/admin/dashboard', { token: admin }), dashboardTotals)).data
    const body = {
      externalId: 'pr-1',
      name: 'Paws Clinic',
      ownerName: 'Dana Reed',
      email: 'dana@paws.example',
      mobileNo: '+44 7700900123',
      type: 5,
      address: '2 Low Road, Leeds',
    }
    expect((await okBody(await t.post('/integration/partner-requests', body, { token }), integrationWrite)).data.result).toBe('created')
    expect((await okBody(await t.post('/integration/partner-requests', body, { token }), integrationWrite)).data.result).toBe('unchanged')
    const after = (await okBody(await t.get('/admin/dashboard', { token: admin }), dashboardTotals)).data
    expect(after.partnerRequests).toBe(before.partnerRequests + 1)
    expect(after.pendingPartnerRequests).toBe(before.pendingPartnerRequests + 1)
    expect(await t.db.select().from(partners).where(eq(partners.externalId, 'pr-1'))).toHaveLength(1)
    const bad = await errorOf(await t.post('/integration/partner-requests', { ...body, mobileNo: '123', type: 7 }, { token }), 400)
    expect(Object.keys(bad.error.fields ?? {})).toEqual(['mobileNo', 'type'])
  })

  it('keeps what an admin acted on: a decided request or feedback taken up answers unchanged for the same body, 409 for a changed one', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const admin = await tokenOf(t)
    await putUser(t, token, 'app-1', user(1))
    const request = { externalId: 'pr-1', name: 'Paws Clinic', ownerName: 'Dana Reed', email: 'dana@paws.example', mobileNo: '+44 7700900123', type: 5, address: '2 Low Road, Leeds' }
    const { _id: requestId } = (await okBody(await t.post('/integration/partner-requests', request, { token }), integrationWrite)).data
    expect((await t.post(`/admin/partners/${requestId}/decline`, { reason: 'We do not cover Leeds yet' }, { token: admin })).status).toBe(200)
    expect((await okBody(await t.post('/integration/partner-requests', request, { token }), integrationWrite)).data.result).toBe('unchanged')
    const changed = await errorOf(await t.post('/integration/partner-requests', { ...request, address: '9 High Street, York' }, { token }), 409)
    expect(changed.message).toBe(INTEGRATION_MSG.partnerDecided)
    expect((await t.db.select().from(partners).where(eq(partners.externalId, 'pr-1')))[0]).toMatchObject({ address: '2 Low Road, Leeds', status: 3 })

    const note = { externalId: 'fb-1', userExternalId: 'app-1', type: 'BUG', description: 'The map does not load' }
    const { _id: feedbackId } = (await okBody(await t.post('/integration/feedback', note, { token }), integrationWrite)).data
    // Open: the platform may still correct it.
    expect((await okBody(await t.post('/integration/feedback', { ...note, description: 'The map does not load on Android' }, { token }), integrationWrite)).data.result).toBe('updated')
    expect((await t.call('PATCH', `/feedback/${feedbackId}/status`, { status: 2 }, { token: admin })).status).toBe(200)
    const rewritten = await errorOf(await t.post('/integration/feedback', { ...note, description: 'Never mind' }, { token }), 409)
    expect(rewritten.message).toBe(INTEGRATION_MSG.feedbackTakenUp)
    expect((await t.db.select().from(feedback).where(eq(feedback.externalId, 'fb-1')))[0]).toMatchObject({ description: 'The map does not load on Android', status: 2 })
  })

  it('needs the feedback:write and partners:write scopes', async () => {
    const t = await testApp()
    const token = await apiToken(t, ['users:write'])
    expect(
      (
        await t.post(
          '/integration/feedback',
          { externalId: 'fb-1', userExternalId: 'app-1', type: 'BUG', description: 'Hello there' },
          { token },
        )
      ).status,
    ).toBe(403)
    expect((await t.post('/integration/partner-requests', {}, { token })).status).toBe(403)
  })
})

describe('devices of a user', () => {
  const device = (token: string, extra: Record<string, unknown> = {}) => ({ platform: 'android', token, appVersion: '4.2.0', locale: 'en-GB', ...extra })
  const putDevice = (t: TestApp, token: string, owner: string, body: unknown) => t.put(`/integration/users/${owner}/devices`, body as never, { token })
  const deleteDevice = (t: TestApp, token: string, owner: string, body: unknown) => t.call('DELETE', `/integration/users/${owner}/devices`, body as never, { token })

  it('registers a device, refreshes it by its token (moving it to another user), and unregisters it once', async () => {
    const t = await testApp()
    const token = await apiToken(t, ['users:write', 'devices:write'])
    await putUser(t, token, 'app-1', user(1))
    await putUser(t, token, 'app-2', user(2))
    const first = await okBody(await putDevice(t, token, 'app-1', device('fcm:token-1')), pushDevice)
    expect(first.message).toBe(DEVICES_MSG.registered)
    expect(first.data).toMatchObject({ platform: 'android', token: 'fcm:token-1', appVersion: '4.2.0', locale: 'en-GB' })
    const moved = await okBody(await putDevice(t, token, 'app-2', device('fcm:token-1', { platform: 'ios', appVersion: '4.3.0' })), pushDevice)
    expect(moved.data).toMatchObject({ _id: first.data._id, platform: 'ios', appVersion: '4.3.0' })
    const rows = await t.db.select().from(pushDevices)
    expect(rows).toHaveLength(1)
    const [owner2] = await t.db.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.externalId, 'app-2'))
    expect(rows[0]!.userId).toBe(owner2!.id)

    // The token is app-2's now: app-1 cannot unregister it.
    expect((await okBody(await deleteDevice(t, token, 'app-1', { token: 'fcm:token-1' }), deviceRemoval)).data.result).toBe('unchanged')
    const removed = await okBody(await deleteDevice(t, token, 'app-2', { token: 'fcm:token-1' }), deviceRemoval)
    expect([removed.message, removed.data.result]).toEqual([DEVICES_MSG.unregistered, 'deleted'])
    const again = await okBody(await deleteDevice(t, token, 'app-2', { token: 'fcm:token-1' }), deviceRemoval)
    expect([again.message, again.data.result]).toEqual([DEVICES_MSG.notRegistered, 'unchanged'])
    expect(await t.db.$count(pushDevices)).toBe(0)
  })

  it('answers 404 for a user the panel does not know, 400 for a bad device, and 403 without devices:write', async () => {
    const t = await testApp()
    const token = await apiToken(t, ['users:write', 'devices:write'])
    expect((await errorOf(await putDevice(t, token, 'nobody', device('fcm:x')), 404)).message).toBe(INTEGRATION_MSG.unknownUser)
    await putUser(t, token, 'app-1', user(1))
    const bad = await errorOf(await putDevice(t, token, 'app-1', device('has spaces', { platform: 'symbian', extra: 1 })), 400)
    expect(bad.error.fields).toEqual({ token: DEVICES_MSG.tokenInvalid, platform: DEVICES_MSG.platformInvalid, extra: 'This field is not allowed' })
    const limited = await apiToken(t, ['users:write'])
    expect((await putDevice(t, limited, 'app-1', device('fcm:x'))).status).toBe(403)
    expect(await t.db.$count(pushDevices)).toBe(0)
  })
})

describe('POST /integration/sync/users and /sync/pets', () => {
  it('answers each line in order, a bad line in the middle with its field messages, then the summary', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const lines = [
      { externalId: 'u-1', ...user(1) },
      { externalId: 'u-2', ...user(2, { email: 'bad' }) },
      '{"externalId": "u-3", ',
      '',
      { externalId: 'u-4', ...user(4) },
    ]
    const { results, summary } = await syncCall(t, token, 'users', lines)
    expect(results).toEqual([
      { line: 1, externalId: 'u-1', result: 'created' },
      { line: 2, externalId: 'u-2', result: 'error', message: 'Please enter valid Email', fields: { email: 'Please enter valid Email' } },
      { line: 3, externalId: null, result: 'error', message: INTEGRATION_MSG.lineNotJson },
      { line: 5, externalId: 'u-4', result: 'created' },
    ])
    expect(summary).toEqual({ done: true, lines: 5, committed: 5, created: 2, updated: 0, unchanged: 0, errors: 2 })
  })

  it('is safe to send again: the same file answers unchanged, and a resumed tail writes only what is new', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const lines = Array.from({ length: 5 }, (_, i) => ({ externalId: `u-${i}`, ...user(i) }))
    await syncCall(t, token, 'users', lines.slice(0, 3))
    const resumed = await syncCall(t, token, 'users', lines)
    expect(resumed.results.map((r) => r.result)).toEqual(['unchanged', 'unchanged', 'unchanged', 'created', 'created'])
    expect(resumed.summary).toMatchObject({ committed: 5, created: 2, unchanged: 3 })
    expect(await t.db.select().from(appUsers).where(isNotNull(appUsers.externalId))).toHaveLength(5)
  })

  it('refuses a line over the cap alone', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    const long = JSON.stringify({ externalId: 'u-2', ...user(2), address: 'y'.repeat(SYNC_LINE_MAX_CHARS) })
    const { results } = await syncCall(t, token, 'users', [{ externalId: 'u-1', ...user(1) }, long, { externalId: 'u-3', ...user(3) }])
    expect(results.map((r) => [r.line, r.result, r.message])).toEqual([
      [1, 'created', undefined],
      [2, 'error', INTEGRATION_MSG.lineTooLong],
      [3, 'created', undefined],
    ])
  })

  it('syncs pets under their owners', async () => {
    const t = await testApp()
    const token = await apiToken(t)
    await putUser(t, token, 'app-1', user(1))
    const { results } = await syncCall(t, token, 'pets', [
      { externalId: 'pet-1', ownerExternalId: 'app-1', ...pet() },
      { externalId: 'pet-2', ownerExternalId: 'nobody', ...pet() },
    ])
    expect(results.map((r) => r.result)).toEqual(['created', 'error'])
    expect(results[1]!.fields).toEqual({ ownerExternalId: INTEGRATION_MSG.unknownUser })
  })

  it('refuses a body that is not NDJSON (415) and a token without the scope (403)', async () => {
    const t = await testApp()
    const token = await apiToken(t, ['users:write'])
    const send = (kind: string, type: string) =>
      t.app.request(`${INTEGRATION_BASE_PATH}/sync/${kind}`, {
        method: 'POST',
        headers: { 'Content-Type': type, Authorization: `Bearer ${token}` },
        body: '{}',
      })
    expect((await errorOf(await send('users', 'application/json'), 415)).message).toBe(INTEGRATION_MSG.mediaType)
    expect((await send('pets', NDJSON_MEDIA_TYPE)).status).toBe(403)
  })

  it('answers over a socket while the body is still being sent', async () => {
    // Two records a chunk; a chunk is answered once the next one is full (one is written while the
    // next is read). The body below stops after the fifth line until the first chunk's answers have
    // come back, which a server that read the whole body first would never send.
    const t = await testApp({ config: { syncChunkRows: 2 } })
    const token = await apiToken(t)
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
    await once(server, 'listening')
    try {
      let firstAnswered!: () => void
      const answered = new Promise<void>((resolve) => (firstAnswered = resolve))
      const line = (n: number) => new TextEncoder().encode(`${JSON.stringify({ externalId: `u-${n}`, ...user(n) })}\n`)
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (sent === 5) await answered
          if (sent === 8) return controller.close()
          controller.enqueue(line(sent++))
        },
      })
      const { port } = server.address() as AddressInfo
      const res = await fetch(`http://127.0.0.1:${port}${INTEGRATION_BASE_PATH}/sync/users`, {
        method: 'POST',
        headers: { 'Content-Type': NDJSON_MEDIA_TYPE, Authorization: `Bearer ${token}` },
        body,
        duplex: 'half',
      } as RequestInit)
      let text = ''
      const decoder = new TextDecoder()
      for await (const bytes of res.body!) {
        text += decoder.decode(bytes, { stream: true })
        if (text.includes('"line":2')) firstAnswered()
      }
      const answer = text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown)
      expect(answer.slice(0, -1).map((r) => syncLineResult.parse(r).result)).toEqual(Array(8).fill('created'))
      expect(syncSummary.parse(answer.at(-1))).toMatchObject({ lines: 8, committed: 8, created: 8 })
    } finally {
      server.close()
    }
  })
})
