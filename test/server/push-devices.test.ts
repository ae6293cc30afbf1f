import { eq } from 'drizzle-orm'
import { deviceRegisterBody, deviceUnregisterBody, DEVICES_MSG, DEVICES_PER_USER_MAX, pushDevice } from '../../contract'
import { appUsers, pushDevices } from '../../server/db/schema'
import { devicesOfUsers, registerDevice, unregisterDevice } from '../../server/notifications/devices'
import { addUsers } from './helpers/fixtures'
import { testApp } from './helpers/test-app'

describe('push devices', () => {
  it('registers a device, and a second registration of its token refreshes it instead of adding one', async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{}])
    const first = await registerDevice(t.db, ann!.id, { platform: 'android', token: 'tok-1', appVersion: '2.3.0', locale: 'en-GB' }, t.clock.now())
    expect(pushDevice.parse(first)).toMatchObject({ userId: ann!.id, platform: 'android', token: 'tok-1', appVersion: '2.3.0', locale: 'en-GB' })
    t.clock.advance(60_000)
    const again = await registerDevice(t.db, ann!.id, { platform: 'android', token: 'tok-1', appVersion: '2.4.0' }, t.clock.now())
    expect(again._id).toBe(first._id)
    expect(again).toMatchObject({ appVersion: '2.4.0', locale: null, createdAt: first.createdAt })
    expect(new Date(again.lastRegisteredAt).getTime() - new Date(first.lastRegisteredAt).getTime()).toBe(60_000)
    expect(await t.db.select().from(pushDevices)).toHaveLength(1)
  })

  it('moves a token registered for another user to that user', async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    await registerDevice(t.db, ann!.id, { platform: 'ios', token: 'shared-phone' }, t.clock.now())
    await registerDevice(t.db, bob!.id, { platform: 'ios', token: 'shared-phone' }, t.clock.now())
    expect((await devicesOfUsers(t.db, [ann!.id])).length).toBe(0)
    expect((await devicesOfUsers(t.db, [bob!.id])).map((d) => d.token)).toEqual(['shared-phone'])
  })

  it(`keeps a user's ${DEVICES_PER_USER_MAX} most recently registered devices`, async () => {
    const t = await testApp()
    const [ann] = await addUsers(t, [{}])
    for (let i = 0; i <= DEVICES_PER_USER_MAX; i++) {
      t.clock.advance(1000)
      await registerDevice(t.db, ann!.id, { platform: 'web', token: `web-${i}` }, t.clock.now())
    }
    const tokens = (await devicesOfUsers(t.db, [ann!.id])).map((d) => d.token)
    expect(tokens).toHaveLength(DEVICES_PER_USER_MAX)
    expect(tokens).not.toContain('web-0')
    expect(tokens).toContain(`web-${DEVICES_PER_USER_MAX}`)
  })

  it("unregisters by token, only the named user's when a user is given", async () => {
    const t = await testApp()
    const [ann, bob] = await addUsers(t, [{}, {}])
    await registerDevice(t.db, ann!.id, { platform: 'android', token: 'a-1' }, t.clock.now())
    expect(await unregisterDevice(t.db, 'a-1', bob!.id)).toBe(false)
    expect(await unregisterDevice(t.db, 'a-1', ann!.id)).toBe(true)
    expect(await unregisterDevice(t.db, 'a-1')).toBe(false)
  })

  it('lists the devices of several users at once, and a user deleted takes their devices', async () => {
    const t = await testApp()
    const [ann, bob, cat] = await addUsers(t, [{}, {}, {}])
    await registerDevice(t.db, ann!.id, { platform: 'android', token: 'ann-phone' }, t.clock.now())
    await registerDevice(t.db, bob!.id, { platform: 'ios', token: 'bob-phone' }, t.clock.now())
    expect((await devicesOfUsers(t.db, [ann!.id, bob!.id, cat!.id])).map((d) => d.token).sort()).toEqual(['ann-phone', 'bob-phone'])
    expect(await devicesOfUsers(t.db, [])).toEqual([])
    await t.db.delete(appUsers).where(eq(appUsers.id, ann!.id))
    expect((await t.db.select().from(pushDevices)).map((d) => d.token)).toEqual(['bob-phone'])
  })

  it('caps the token before its pattern, and checks the platform and locale, with the messages', () => {
    const fields = (input: unknown) =>
      Object.fromEntries((deviceRegisterBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))
    expect(fields({ platform: 'android', token: 'x'.repeat(4096) })).toEqual({})
    expect(fields({ platform: 'android', token: ' '.repeat(4097) })).toEqual({ token: DEVICES_MSG.tokenTooLong })
    expect(fields({ platform: 'android', token: 'has space' })).toEqual({ token: DEVICES_MSG.tokenInvalid })
    expect(fields({ platform: 'symbian', token: 't' })).toEqual({ platform: DEVICES_MSG.platformInvalid })
    expect(fields({ platform: 'ios', token: 't', locale: 'english please' })).toEqual({ locale: DEVICES_MSG.localeInvalid })
    expect(fields({ platform: 'ios', token: 't', extra: 1 })).toHaveProperty([''])
    expect(deviceUnregisterBody.safeParse({ token: '' }).error?.issues[0]?.message).toBe(DEVICES_MSG.tokenRequired)
  })
})
