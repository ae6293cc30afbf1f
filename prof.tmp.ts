import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { appUserSyncLine } from './contract/input/integration'
import { openPglite, openPostgres } from './server/db/client'
import { upsertUsers } from './server/integration/users'
const database = process.argv[2] ? openPostgres(process.argv[2]) : await openPglite(mkdtempSync(join(tmpdir(), 'p-')))
await database.migrate()
const P = 'c' + Date.now().toString(36)
const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => appUserSyncLine.parse({ externalId: `${P}-${from + i}`, username: `olivia_${P}_${from + i}`, name: 'Olivia Smith', email: `olivia.${from + i}.${P}@example.com`, mobileNo: String(7700900000 + i), countryCode: '+44', country: 'GB', dateOfBirth: '1970-01-12', address: `${i} High Street, London`, profileImage: `https://cdn.example.com/avatars/${i}.jpg` }))
const csvField = (v: unknown) => v === null ? '' : `"${String(v).replaceAll('"', '""')}"`
const COLS = ['external_id','username','name','email','mobile_no','country_code','country_abbreviation','dob','address','profile_image','profile_completed']
async function viaCopy(batch: ReturnType<typeof rows>) {
  await database.loadingTransaction(async (tx, copy) => {
    await tx.execute(sql.raw(`create temp table sync_in (external_id text, username text, name text, email text, mobile_no text, country_code text, country_abbreviation text, dob date, address text, profile_image text, profile_completed boolean) on commit drop`))
    const csv = batch.map((u) => [u.externalId, u.username, u.name, u.email, u.mobileNo, u.countryCode, u.country, u.dateOfBirth, u.address, u.profileImage, u.profileCompleted].map(csvField).join(',')).join('\n') + '\n'
    await copy('sync_in', COLS, csv)
    const owned = COLS.slice(1)
    await tx.execute(sql.raw(`insert into app_users as t (${COLS.join(',')}) select ${COLS.join(',')} from sync_in on conflict (external_id) do update set ${owned.map(n => `${n} = excluded.${n}`).join(',')} where (${owned.map(n=>'t.'+n).join(',')}) is distinct from (${owned.map(n=>'excluded.'+n).join(',')}) returning t.id, t.external_id, (t.xmax = 0) as created`))
  })
}
for (let round = 0; round < 2; round++) {
  let t = performance.now()
  for (let k = 0; k < 5; k++) await upsertUsers(database.db, rows(round * 1e6 + k * 2000, 2000))
  console.log('json_to_recordset rows/s', Math.round(10000 / ((performance.now() - t) / 1000)))
  t = performance.now()
  for (let k = 0; k < 5; k++) await viaCopy(rows(round * 1e6 + 500000 + k * 2000, 2000))
  console.log('copy + temp rows/s', Math.round(10000 / ((performance.now() - t) / 1000)))
}
await database.close()
