import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { openPglite, pgliteDatabase } from './server/db/client'
let t = performance.now()
const lap = (l: string) => { const n = performance.now(); console.log(l, Math.round(n - t)); t = n }
const d = await openPglite(undefined); lap('create')
await d.migrate(); lap('migrate')
const dump = await d.db.$client // noop
const c = (d as any)
const client: PGlite = (d.db as any).$client
const tar = await client.dumpDataDir('none'); lap('dump ' + tar.size)
for (let i = 0; i < 3; i++) { const p = await PGlite.create({ loadDataDir: tar, extensions: { pg_trgm } }); lap('load'); await p.query('select count(*) from admins'); lap('q'); await p.close() }
for (let i = 0; i < 3; i++) { const p = await client.clone(); lap('clone'); await p.close() }
const h = await import('@node-rs/argon2'); await h.hash('Admin@123'); lap('hash'); 
