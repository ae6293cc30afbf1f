import { openPostgres } from './server/db/client'
import { upsertUsers } from './server/integration/users'
const url = 'postgres://postgres@127.0.0.1:5499/bench'
const conc = Number(process.argv[2] ?? 2), chunk = Number(process.argv[3] ?? 1000), total = Number(process.argv[4] ?? 300000)
const database = openPostgres(url)
await database.migrate()
const mk = (n: number) => ({ externalId: `x-${n}`, username: `u_x_${n}`, name: 'Olivia Smith', email: `o.${n}.x@example.com`, mobileNo: String(7700900000 + n), countryCode: '+44', country: 'GB', dateOfBirth: '1970-01-11', address: `${n} High Street, London`, profileImage: `https://cdn.example.com/avatars/${n}.jpg`, profileCompleted: false })
const chunks: any[][] = []
for (let s = 0; s < total; s += chunk) chunks.push(Array.from({ length: chunk }, (_, i) => mk(s + i)))
let next = 0; let dbMs = 0
const t0 = performance.now(); const c0 = process.cpuUsage()
await Promise.all(Array.from({ length: conc }, async () => { while (next < chunks.length) { const c = chunks[next++]!; const a = performance.now(); await upsertUsers(database.db, c as any); dbMs += performance.now() - a } }))
const s = (performance.now() - t0) / 1000; const cpu = process.cpuUsage(c0)
console.log(`conc ${conc} chunk ${chunk}: ${Math.round(total / s)} rows/s, ${s.toFixed(1)} s, node cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, mean write ${(dbMs / chunks.length).toFixed(1)} ms`)
await database.close()
