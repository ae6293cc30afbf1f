import { manualClock } from './helpers/manual-clock'
import { memoryMailer } from './helpers/memory-mailer'
import { errorOf } from './helpers/bodies'
import { captureLog } from './helpers/captured-log'
import { createApp } from '../../server/app'
import type { Db } from '../../server/db/client'
import { diskStorage } from '../../server/storage/disk'
import { tmpdir } from 'node:os'

/** A database whose every use fails the way an outage would. */
const brokenDb = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('connect ECONNREFUSED: password authentication failed for user "petcare"')
    },
  },
) as Db

describe('an unexpected failure', () => {
  it('answers 500 with a generic message and the request id, and logs without the password', async () => {
    const app = createApp({ db: brokenDb, storage: diskStorage(tmpdir()), mailer: memoryMailer(), clock: manualClock() })
    let res: Response | undefined
    const { text: logged } = await captureLog(async () => {
      res = await app.request('/api/v1/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@petcare.test', password: 'Secret@123' }),
      })
    })
    const body = await errorOf(res!, 500)
    expect(body.error.code).toBe('INTERNAL')
    expect(body.message).toBe('Something went wrong on our side. Please try again later.')
    expect(body.error.requestId).toBe(res!.headers.get('X-Request-Id'))
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|at |\.ts/)

    expect(logged).toContain(body.error.requestId)
    expect(logged).toContain('ECONNREFUSED')
    expect(logged).not.toContain('Secret@123')
  })
})

describe('an oversized body', () => {
  it('answers 413 with the contract error body', async () => {
    const app = createApp({ db: brokenDb, storage: diskStorage(tmpdir()), mailer: memoryMailer(), clock: manualClock() })
    const res = await app.request('/api/v1/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect((await errorOf(res, 413)).error.code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('a client that goes away mid-request', () => {
  it('is one info line without a stack, not a logged failure', async () => {
    const app = createApp({ db: brokenDb, storage: diskStorage(tmpdir()), mailer: memoryMailer(), clock: manualClock() })
    const gone = new AbortController()
    gone.abort()
    let res: Response | undefined
    const { lines } = await captureLog(async () => {
      res = await app.request(
        new Request('http://localhost/api/v1/admin/login', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'admin@petcare.test', password: 'Secret@123' }),
          signal: gone.signal,
        }),
      )
    })
    expect(res!.status).toBe(400)
    const about = lines.filter((line) => String(line.msg).startsWith('POST /api/v1/admin/login'))
    expect(about.map((line) => [line.level, line.msg])).toEqual([
      ['info', expect.stringMatching(/the client went away before the request was read$/)],
    ])
  })
})
