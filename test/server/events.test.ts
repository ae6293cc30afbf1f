import type { Server } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { API_MSG, API_PREFIX, adminProfile } from '../../contract'
import { LIVE_MSG, liveChange, liveReady } from '../../contract/live-events'
import { defaultAppConfig, type AppConfig } from '../../server/deps'
import { listen } from '../../server/http/server-limits'
import { errorOf, okBody } from './helpers/bodies'
import { readEvents, type EventStreamReader } from './helpers/event-stream'
import { addPlaces, addUsers, tokenOf } from './helpers/fixtures'
import { testApp, type TestApp } from './helpers/test-app'

const live = (config: Partial<AppConfig['liveEvents']> = {}) => ({ liveEvents: { ...defaultAppConfig.liveEvents, ...config } })

const streams: EventStreamReader[] = []
afterEach(async () => {
  await Promise.all(streams.splice(0).map((s) => s.cancel()))
})

/** Opens the stream as `token`'s session and waits for `ready`. */
async function openStream(t: TestApp, token: string) {
  const res = await t.get('/admin/events', { token })
  expect(res.status).toBe(200)
  const stream = readEvents(res)
  streams.push(stream)
  const ready = await stream.next()
  expect(ready?.event).toBe('ready')
  return { res, stream, ready: liveReady.parse(JSON.parse(ready!.data)) }
}

const tablesOf = (data: string) => liveChange.parse(JSON.parse(data)).tables

describe('GET /admin/events', () => {
  it('is 401 without a session', async () => {
    const t = await testApp()
    const res = await t.get('/admin/events')
    expect(await errorOf(res, 401)).toMatchObject({ message: API_MSG.signIn })
  })

  it('is an unbuffered, uncached text/event-stream that starts with ready and a retry hint', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 15_000 }) })
    const { res, ready } = await openStream(t, await tokenOf(t, 'subAdmin'))
    expect(res.headers.get('Content-Type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('Cache-Control')).toMatch(/no-store|no-cache/)
    expect(res.headers.get('X-Accel-Buffering')).toBe('no')
    expect(ready).toEqual({ heartbeatMs: 15_000 })
  })

  it('sends change with the table after a row is written through another handle of the database', async () => {
    const t = await testApp()
    const { stream } = await openStream(t, await tokenOf(t))
    // Straight to the database, as another process or the mobile app's API would write.
    await addUsers(t, [{ name: 'Someone New' }])
    const change = await stream.nextNamed('change')
    expect(tablesOf(change.data)).toEqual(['app_users'])
  })

  it('gathers the changes of a moment into one event', async () => {
    const t = await testApp({ config: live({ coalesceMs: 300 }) })
    const { stream } = await openStream(t, await tokenOf(t))
    await addUsers(t, [{ name: 'One' }])
    await addPlaces(t, 'petShop', [{ name: 'Shop' }])
    await addUsers(t, [{ name: 'Two' }])
    const change = await stream.nextNamed('change')
    expect(tablesOf(change.data).sort()).toEqual(['app_users', 'places'])
    expect(await stream.quietFor(500)).toBe(true)
  })

  it('sends a keep-alive comment every heartbeat', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 50 }) })
    const { stream } = await openStream(t, await tokenOf(t))
    expect(await stream.next(1_000)).toMatchObject({ event: 'comment' })
    expect(await stream.next(1_000)).toMatchObject({ event: 'comment' })
  })

  it('says signed-out and ends once its session is signed out', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 50 }) })
    const token = await tokenOf(t)
    const { stream } = await openStream(t, token)
    const { data: me } = await okBody(await t.get('/admin/profile', { token }), adminProfile)
    expect((await t.post(`/admin/logout/${me._id}`, undefined, { token })).status).toBe(200)
    await stream.nextNamed('signed-out', 2_000)
    expect(await stream.next(2_000)).toBeUndefined()
  })

  it('ends once its session has expired', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 50 }) })
    const { stream } = await openStream(t, await tokenOf(t)) // an hour's session
    t.clock.advance(61 * 60_000)
    await stream.nextNamed('signed-out', 2_000)
    expect(await stream.next(2_000)).toBeUndefined()
  })

  it('sends no change to a session that has ended, even before the heartbeat notices', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 60_000 }) })
    const { stream } = await openStream(t, await tokenOf(t))
    t.clock.advance(61 * 60_000)
    await addUsers(t, [{ name: 'Unseen' }])
    expect((await stream.next(2_000))?.event).toBe('signed-out')
  })

  it('lets one session hold a few streams at once, 429 beyond, and a closed one frees its place', async () => {
    const t = await testApp({ config: live({ streamsPerSession: 2 }) })
    const token = await tokenOf(t)
    const first = await openStream(t, token)
    await openStream(t, token)
    const refused = await t.get('/admin/events', { token })
    expect(await errorOf(refused, 429)).toMatchObject({ message: LIVE_MSG.tooManyStreams })
    // Another session (another browser) has places of its own.
    await openStream(t, await tokenOf(t))

    await first.stream.cancel()
    await vi.waitFor(async () => {
      const res = await t.get('/admin/events', { token })
      if (res.status === 200) streams.push(readEvents(res))
      expect(res.status).toBe(200)
    })
  })

  it('caps one admin’s streams across sessions too, so signing in again buys no more', async () => {
    const t = await testApp({ config: live({ streamsPerSession: 2, streamsPerAdmin: 3 }) })
    const first = await tokenOf(t)
    await openStream(t, first)
    await openStream(t, first)
    await openStream(t, await tokenOf(t))
    expect(await errorOf(await t.get('/admin/events', { token: await tokenOf(t) }), 429)).toMatchObject({ message: LIVE_MSG.tooManyStreams })
    // Another admin is not held back by this one.
    await openStream(t, await tokenOf(t, 'subAdmin'))
  })

  it('sends changes at most once per gap while writes go on (a long send is heard once a second, not per statement)', async () => {
    const t = await testApp({ config: live({ coalesceMs: 50, minGapMs: 1_000 }) })
    const { stream } = await openStream(t, await tokenOf(t))
    await addUsers(t, [{ name: 'One' }])
    await stream.nextNamed('change')
    const heard = performance.now()
    await addUsers(t, [{ name: 'Two' }])
    await stream.nextNamed('change', 3_000)
    expect(performance.now() - heard).toBeGreaterThanOrEqual(900)
  })

  it('ends every stream when the app closes (the server stopping)', async () => {
    const t = await testApp()
    const { stream } = await openStream(t, await tokenOf(t))
    await t.app.dataChanges.close()
    expect(await stream.next(2_000)).toBeUndefined()
    // One asked for meanwhile (a keep-alive connection's next request) ends at once, without an error.
    const late = await t.get('/admin/events', { token: await tokenOf(t) })
    expect(late.status).toBe(200)
    expect(await late.text()).toBe('')
  })

  it('stays open over HTTP beyond the request time limit', async () => {
    const t = await testApp({ config: live({ heartbeatMs: 200 }) })
    const limits = { headersTimeoutMs: 300, requestTimeoutMs: 500, keepAliveTimeoutMs: 300, maxConnections: 10 }
    let server!: Server
    const port = await new Promise<number>((done) => (server = listen(t.app.fetch, { port: 0, host: '127.0.0.1', http: limits }, (a) => done(a.port))))
    try {
      const res = await fetch(`http://127.0.0.1:${port}${API_PREFIX}/admin/events`, { headers: { Authorization: `Bearer ${await tokenOf(t)}` } })
      expect(res.headers.get('X-Accel-Buffering')).toBe('no')
      const stream = readEvents(res)
      streams.push(stream)
      expect((await stream.next())?.event).toBe('ready')
      await sleep(1_500) // three times the request limit
      await addUsers(t, [{ name: 'Late' }])
      expect(tablesOf((await stream.nextNamed('change')).data)).toEqual(['app_users'])
    } finally {
      await t.app.dataChanges.close()
      server.closeAllConnections()
      await new Promise((done) => server.close(done))
    }
  })
})
