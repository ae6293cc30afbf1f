import { eq } from 'drizzle-orm'
import { appUserSyncLine, petSyncLine } from '../../contract/input/integration'
import { INTEGRATION_MSG, SYNC_LINE_MAX_CHARS, syncLineResult, syncSummary } from '../../contract/integration'
import { appUsers, pets } from '../../server/db/schema'
import { upsertPets } from '../../server/integration/pets'
import { syncRecords, type SyncKind } from '../../server/integration/sync'
import { upsertUsers } from '../../server/integration/users'
import { testApp, type TestApp } from './helpers/test-app'

const users: SyncKind<ReturnType<typeof appUserSyncLine.parse>> = {
  line: appUserSyncLine,
  write: upsertUsers,
}
const petKind: SyncKind<ReturnType<typeof petSyncLine.parse>> = {
  line: petSyncLine,
  write: upsertPets,
}

const user = (n: number, extra: Record<string, unknown> = {}) => ({
  externalId: `u-${n}`,
  username: `user${n}`,
  name: `User Number ${n}`,
  email: `user${n}@example.com`,
  mobileNo: '7700900123',
  countryCode: '+44',
  ...extra,
})

/** A body in pieces of `size` bytes, as a network hands it over. */
async function* bodyOf(text: string, size = 97): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size)
}

async function sync<T extends { externalId: string }>(t: TestApp, lines: unknown[], kind: SyncKind<T>, chunkRows = 3, concurrency = 1) {
  const text = lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')
  let answer = ''
  for await (const part of syncRecords(t.db, bodyOf(text), kind, {
    chunkRows,
    concurrency,
    lineMaxChars: SYNC_LINE_MAX_CHARS,
  }))
    answer += part
  const parsed = answer
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown)
  return {
    results: parsed.slice(0, -1).map((r) => syncLineResult.parse(r)),
    summary: syncSummary.parse(parsed.at(-1)),
  }
}

describe('bulk sync of users', () => {
  it('creates every user, then answers unchanged for the same file, and updated for a changed line', async () => {
    const t = await testApp()
    const lines = Array.from({ length: 8 }, (_, i) => user(i))
    const first = await sync(t, lines, users)
    expect(first.results.map((r) => r.result)).toEqual(Array(8).fill('created'))
    expect(first.summary).toMatchObject({
      lines: 8,
      committed: 8,
      created: 8,
      errors: 0,
    })
    const second = await sync(t, [...lines.slice(0, 7), user(7, { name: 'Renamed User' })], users)
    expect(
      second.results.map((r) => r.result),
      JSON.stringify(second.results),
    ).toEqual([...Array(7).fill('unchanged'), 'updated'])
    const rows = await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'u-7'))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.name).toBe('Renamed User')
  })

  it('answers a bad line in the middle with its field messages and writes the others', async () => {
    const t = await testApp()
    const { results, summary } = await sync(t, [user(1), user(2), { ...user(3), email: 'nope' }, 'not json', '', user(4)], users)
    expect(results.map((r) => [r.line, r.result])).toEqual([
      [1, 'created'],
      [2, 'created'],
      [3, 'error'],
      [4, 'error'],
      [6, 'created'],
    ])
    expect(results[2]).toMatchObject({
      externalId: 'u-3',
      fields: { email: 'Please enter valid Email' },
    })
    expect(results[3]!.message).toBe(INTEGRATION_MSG.lineNotJson)
    expect(summary).toMatchObject({
      lines: 6,
      committed: 6,
      created: 3,
      errors: 2,
    })
  })

  it('refuses a line over the cap without reading it whole, and goes on', async () => {
    const t = await testApp()
    const long = JSON.stringify({
      ...user(2),
      address: 'x'.repeat(SYNC_LINE_MAX_CHARS),
    })
    const { results } = await sync(t, [user(1), long, user(3)], users)
    expect(results.map((r) => r.result)).toEqual(['created', 'error', 'created'])
    expect(results[1]!.message).toBe(INTEGRATION_MSG.lineTooLong)
  })

  it('refuses only the line whose username another user holds', async () => {
    const t = await testApp()
    await sync(t, [user(1)], users)
    const { results } = await sync(t, [user(2), user(3, { username: 'user1' }), user(4)], users)
    expect(results.map((r) => r.result)).toEqual(['created', 'error', 'created'])
    expect(results[1]!.fields).toEqual({
      username: INTEGRATION_MSG.usernameTaken,
    })
  })

  it('writes a repeated externalId twice in order, the later line winning', async () => {
    const t = await testApp()
    const { results } = await sync(t, [user(1), user(1, { name: 'Second Name' })], users, 10)
    expect(results.map((r) => r.result)).toEqual(['created', 'updated'])
  })

  it('never unblocks a blocked user', async () => {
    const t = await testApp()
    await sync(t, [user(1)], users)
    await t.db.update(appUsers).set({ status: 2 }).where(eq(appUsers.externalId, 'u-1'))
    const { results } = await sync(t, [user(1, { name: 'Blocked Still' })], users)
    expect(results[0]!.result).toBe('updated')
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'u-1'))
    expect(row!.status).toBe(2)
  })
})

describe('bulk sync of pets', () => {
  it('writes pets under their owners and refuses a pet of an unknown owner', async () => {
    const t = await testApp()
    await sync(t, [user(1)], users)
    const pet = (n: number, owner = 'u-1') => ({
      externalId: `p-${n}`,
      ownerExternalId: owner,
      name: `Rex ${n}`,
      age: 2.5,
      vaccines: [{ name: 'Rabies', date: '2024-01-02' }],
      profilePhotos: ['https://example.com/rex.jpg'],
    })
    const first = await sync(t, [pet(1), pet(2, 'u-404'), pet(3)], petKind)
    expect(
      first.results.map((r) => r.result),
      JSON.stringify(first.results),
    ).toEqual(['created', 'error', 'created'])
    expect(first.results[1]!.fields).toEqual({
      ownerExternalId: INTEGRATION_MSG.unknownUser,
    })
    const again = await sync(t, [pet(1), pet(3)], petKind)
    expect(again.results.map((r) => r.result)).toEqual(['unchanged', 'unchanged'])
    const [row] = await t.db.select().from(pets).where(eq(pets.externalId, 'p-1'))
    expect(row!.vaccines).toEqual([{ date: '2024-01-02', vaccine: { name: 'Rabies' } }])
    expect(row!.profilePhotos).toEqual([{ url: 'https://example.com/rex.jpg' }])
  })
})

describe('a chunk the database refuses', () => {
  it('ends the sync: its lines are answered not written, and the summary says the last line committed', async () => {
    const t = await testApp()
    let chunks = 0
    // The real writer, whose second statement fails as a lost connection would.
    const failing: SyncKind<ReturnType<typeof appUserSyncLine.parse>> = {
      line: appUserSyncLine,
      write: async (db, records) => {
        if (++chunks === 2) throw new Error('connection lost')
        return upsertUsers(db, records)
      },
    }
    const { results, summary } = await sync(
      t,
      Array.from({ length: 9 }, (_, i) => user(i)),
      failing,
      3,
    )
    expect(results.map((r) => r.result)).toEqual(['created', 'created', 'created', 'error', 'error', 'error'])
    expect(results[3]!.message).toBe(INTEGRATION_MSG.notWritten)
    expect(summary).toMatchObject({ committed: 3, created: 3, errors: 3 })
    expect(await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'u-3'))).toHaveLength(0)
  })
})

describe('two chunks written at once', () => {
  it("answers in the lines' order, and writes a record sent twice in the file's order", async () => {
    const t = await testApp()
    const lines = [...Array.from({ length: 7 }, (_, i) => user(i)), user(2, { name: 'Later Name' }), user(8)]
    const { results, summary } = await sync(t, lines, users, 2, 2)
    expect(results.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(results.map((r) => r.result)).toEqual([...Array(7).fill('created'), 'updated', 'created'])
    expect(summary).toMatchObject({ committed: 9, created: 8, updated: 1 })
    const [row] = await t.db.select().from(appUsers).where(eq(appUsers.externalId, 'u-2'))
    expect(row!.name).toBe('Later Name')
  })
})
