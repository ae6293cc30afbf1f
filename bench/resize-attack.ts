/**
 * What anonymous clients can make the resized copies cost (docs/DECISIONS.md, Uploads): starts
 * the server of `--root` (this checkout by default, or another one, to compare) on a fresh data
 * folder in a process of its own, stores two pictures that cannot be decoded as uploads (as the
 * S3 driver would, which never sees the bytes), then:
 *
 * 1. 60 anonymous clients ask for copies of the cut-off pictures, again and again, for a while;
 *    the server's CPU time and memory are read from /proc, and a signed-in list is timed
 *    meanwhile, as is an honest first resize.
 * 2. 200 anonymous clients ask for copies of made-up keys for 5 s, and three honest first resizes meanwhile.
 * 3. The control: 60 clients ask for made-up files at /uploads/ (a 404 with no resizing), a list timed
 *    meanwhile, to tell what the rate of requests alone does to it.
 *
 *   npx tsx bench/resize-attack.ts [--root <checkout>] [--seconds 15]
 */
import { fork, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import sharp from 'sharp'

/** What the attackers' process is told: `clients` loops asking for `urls` (in turn) for `ms`. */
interface Attack {
  clients: number
  ms: number
  urls: string[]
}

// The attackers run in a process of their own, so that their loops do not delay the list timed here.
if (process.env.RESIZE_ATTACK) {
  const { clients, ms, urls } = JSON.parse(process.env.RESIZE_ATTACK) as Attack
  process.send!('started')
  const until = Date.now() + ms
  const statuses: Record<number, number> = {}
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      for (let n = i; Date.now() < until; n++) {
        const res = await fetch(urls[n % urls.length]!.replace('{random}', randomUUID())).catch(() => undefined)
        await res?.arrayBuffer()
        statuses[res?.status ?? 0] = (statuses[res?.status ?? 0] ?? 0) + 1
      }
    }),
  )
  process.send!(statuses)
  process.exit(0)
}

/** Starts an attack in a child process; resolves once it runs, with its end: the statuses of its answers, and how many of each. */
const attack = (job: Attack) =>
  new Promise<{ ended: Promise<Record<number, number>> }>((started, fail) => {
    const child = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, RESIZE_ATTACK: JSON.stringify(job) } })
    const ended = new Promise<Record<number, number>>((done) => child.on('message', (m) => m !== 'started' && done(m as Record<number, number>)))
    child.once('message', () => started({ ended }))
    child.once('error', fail)
  })

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1]! : fallback
}
const root = resolve(arg('root', resolve(import.meta.dirname, '..')))
const seconds = Number(arg('seconds', '15'))
const port = 20_000 + Math.floor(Math.random() * 20_000)
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'resize-attack-'))
const uploads = join(dataDir, 'uploads')

const key = (folder: string, ext: string) => `${folder}/2026/12/${randomUUID()}.${ext}`
const put = (k: string, bytes: Uint8Array) => {
  mkdirSync(dirname(join(uploads, k)), { recursive: true })
  writeFileSync(join(uploads, k), bytes)
}
const cut = (bytes: Uint8Array, fraction: number) => bytes.subarray(0, Math.floor(bytes.length * (1 - fraction)))

// The picture: 7700 x 7700, 16-bit RGB, its last 3 % cut off (of one colour: a small file, the same decoding).
const bigPng = await sharp({ create: { width: 7700, height: 7700, channels: 3, background: { r: 100, g: 150, b: 200 } } })
  .toColourspace('rgb16')
  .png()
  .toBuffer()
const big = key('site', 'png')
put(big, cut(bigPng, 0.03))
// One within the limits (6000 x 4000, 8-bit RGB, 72 MB decoded), cut off the same way.
const midPng = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 90, g: 140, b: 200 } } })
  .png()
  .toBuffer()
const mid = key('site', 'png')
put(mid, cut(midPng, 0.03))
// Honest photos, each asked for the first time.
const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 200, g: 120, b: 60 } } })
  .jpeg()
  .toBuffer()
const honest = Array.from({ length: 4 }, () => key('place', 'jpg'))
for (const k of honest) put(k, photo)
console.info(`pictures: ${big} (${bigPng.length} B whole), ${mid} (${midPng.length} B whole); data in ${dataDir}`)

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'index.ts')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_FORMAT: 'json' },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stop = () => server.kill('SIGTERM')
process.on('exit', stop)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
for (let i = 0; ; i++) {
  if ((await fetch(`${origin}/readyz`).then((r) => r.status, () => 0)) === 200) break
  if (i > 600) throw new Error('the server did not start')
  await sleep(200)
}

/** The server process's CPU seconds (user + system) and memory (RSS, and its peak), MB. */
function usage() {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024
  return { cpuS: (Number(stat[11]) + Number(stat[12])) / 100, rssMB: Math.round(kb('VmRSS')), peakMB: Math.round(kb('VmHWM')) }
}

const login = await fetch(`${origin}/api/v1/admin/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ email: 'admin@petcare.local', password: 'Admin@123' }),
})
const { data } = (await login.json()) as { data: { token: string } }
const listOnce = async () => {
  const started = performance.now()
  const res = await fetch(`${origin}/api/v1/admin/users?page=1&limit=10`, { headers: { Authorization: `Bearer ${data.token}` } })
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`list: ${res.status}`)
  return performance.now() - started
}
const timed = async (url: string) => {
  const started = performance.now()
  const res = await fetch(url)
  await res.arrayBuffer()
  return { status: res.status, ms: Math.round(performance.now() - started) }
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const at = (values: number[], q: number) => Math.round(values[Math.min(values.length - 1, Math.floor(q * values.length))]!)

for (let i = 0; i < 5; i++) await listOnce() // warm
const idle = sorted(await Promise.all(Array.from({ length: 10 }, async (_, i) => (await sleep(i * 50), listOnce()))))
const before = usage()
console.info(`idle: list p50 ${at(idle, 0.5)} ms; server ${JSON.stringify(before)}`)

// 1. 60 clients, each asking again as soon as answered, for copies of the two cut-off pictures at every width.
const widths = [320, 640, 960, 1280]
const attacked = await attack({ clients: 60, ms: seconds * 1000, urls: widths.flatMap((w) => [big, mid].map((k) => `${origin}/resized/${w}/${k}`)) })
let peakMB = 0
/** Lists timed one after another (200 ms apart) from 1 s in until `ms` from now. */
async function timedLists(ms: number) {
  const until = Date.now() + ms
  const lists: number[] = []
  await sleep(1000)
  while (Date.now() < until) {
    lists.push(await listOnce())
    peakMB = Math.max(peakMB, usage().rssMB)
    await sleep(200)
  }
  return sorted(lists)
}
const lister = timedLists(seconds * 1000)
await sleep(2000)
const firstResize = await timed(`${origin}/resized/640/${honest[0]}`)
const [statuses, during] = await Promise.all([attacked.ended, lister])
const asked = Object.values(statuses).reduce((a, b) => a + b, 0)
const after = usage()
console.info(
  `1. ${asked} anonymous resize requests in ${seconds} s (${JSON.stringify(statuses)}): ` +
    `server CPU ${(after.cpuS - before.cpuS).toFixed(1)} s (${((after.cpuS - before.cpuS) / seconds).toFixed(2)} cores), ` +
    `RSS ${before.rssMB} -> ${after.rssMB} MB (highest seen ${Math.max(peakMB, after.rssMB)} MB, process peak ${after.peakMB} MB); ` +
    `list meanwhile p50 ${at(during, 0.5)} ms, p95 ${at(during, 0.95)} ms, max ${at(during, 1)} ms (${during.length} lists); ` +
    `an honest first resize ${firstResize.status} in ${firstResize.ms} ms`,
)

// 2. 200 clients asking for made-up keys, again and again, for 5 s; three honest first resizes 1 s in.
const madeUp = await attack({ clients: 200, ms: 5000, urls: [`${origin}/resized/640/place/2026/12/{random}.jpg`] })
await sleep(1000)
const firsts = await Promise.all(honest.slice(1).map((k) => timed(`${origin}/resized/640/${k}`)))
console.info(`2. made-up keys for 5 s: ${JSON.stringify(await madeUp.ended)}; honest first resizes meanwhile: ${JSON.stringify(firsts)}`)

// 3. The control: as many clients asking for made-up uploads (/uploads/<key>, a plain 404 with no resizing), a list timed meanwhile.
const controlBefore = usage()
const control = await attack({ clients: 60, ms: seconds * 1000, urls: [`${origin}/uploads/place/2026/12/{random}.jpg`] })
const [controlStatuses, controlLists] = await Promise.all([control.ended, timedLists(seconds * 1000)])
const controlCpuS = usage().cpuS - controlBefore.cpuS
console.info(
  `3. control, made-up /uploads/ keys: ${JSON.stringify(controlStatuses)} in ${seconds} s, server CPU ${controlCpuS.toFixed(1)} s; ` +
    `list meanwhile p50 ${at(controlLists, 0.5)} ms, p95 ${at(controlLists, 0.95)} ms, max ${at(controlLists, 1)} ms`,
)
stop()
process.exit(0)
