/**
 * Lighthouse (mobile: Lighthouse's default simulated slow 4G and 4x CPU slowdown) on four pages,
 * performance and accessibility, the median of three runs each, beside the goals of issue 16:
 *
 * - `/` (sign-in, signed out), `/dashboard` and `/users` (signed in as the demo admin) are served
 *   by the real built server (build/server.js: the pages with their route's modulepreload links,
 *   brotli copies of the build) on a free loopback port with a fresh DATA_DIR, so on the demo data.
 *   The admin signs in through the sign-in form once; Lighthouse keeps localStorage (where the SPA
 *   holds its session) between runs and clears the HTTP cache before each, so every run is a first
 *   visit. The API's JSON goes out uncompressed, as the server sends it (a proxy in front may compress it).
 * - The public pet page (dist/pet-details.html) is served by a tiny static server here that gzips
 *   text files, writes the pet's link-preview tags into the page as server/spa.ts does, and
 *   answers GET /api/v1/pet/petbyid with a fixed pet whose photos are uploads of an 800 x 600 JPEG
 *   of about 100 kB (a phone photo's weight), so that its score does not depend on the demo data;
 *   their resized copies (GET /resized/<width>/<key>) are made by the server's own code.
 *
 * Both are loaded through an HTTPS front speaking HTTP/2 (bench/http2-front.ts), as a deployment
 * serves them from behind its TLS proxy; `--http1` loads them from Node's own HTTP/1.1 servers.
 *
 * Chromium is started here, headless, and stopped afterwards. A page that cannot be scored (no
 * Chromium, no `lighthouse` package, no build) is skipped with the reason.
 * BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each page's median run's full report there (open it in the
 * Lighthouse viewer).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import type LighthouseRun from 'lighthouse'
import puppeteer from 'puppeteer-core'
import sharp from 'sharp'
import { REPO_ROOT, startServer, type ServerProcess } from '../scripts/lib/server-process'
import { RESIZED_PATH, RESIZED_WIDTHS } from '../contract/resized'
import { petPreviewTags, withHeadTags } from '../server/pet-preview'
import { resizePicture } from '../server/storage/resized'
import { completePet } from '../test/web/mocks/complete-pet'
import { PET_PAGE } from './bundle'
import { http2Front, type Http2Front } from './http2-front'

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// The HTTP/2 front's certificate is made for the run (bench/http2-front.ts).
const CHROMIUM_FLAGS = ['--ignore-certificate-errors', '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']

const PET_ID = '0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a90'
/** The pet's photos: uploads (the key shape POST /common/upload makes), all the same picture. */
const PHOTO_KEYS = [1, 2, 3].map((n) => `profile/2026/11/0b7d3c1e-5a2f-4c8e-9d1a-6f4e2b8c7a9${n}.jpg`)

/** Runs per page unless told; the performance score is their median. */
export const LIGHTHOUSE_RUNS = 3
export const ACCESSIBILITY_GOAL = 100

/** `cpuSlowdown` replaces the CPU slowdown of Lighthouse's mobile run (4x, meant for a benchmark index of 1500-2000). */
type LighthouseOptions = { direct: boolean; cpuSlowdown?: number; runs: number }

type LighthousePage = { page: string; performanceGoal: number; signedIn?: boolean }

/** The pages scored and their performance goals (issue 16): the admin app's first screens, and the pet page a stranger opens from a link. */
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { page: '/', performanceGoal: 95 },
  { page: '/dashboard', performanceGoal: 95, signedIn: true },
  { page: '/users', performanceGoal: 95, signedIn: true },
  { page: PET_PAGE.url, performanceGoal: 99 },
]

export type PageScore = {
  page: string
  performanceGoal: number
  /** The median of `performanceRuns`; everything below is the median run's. */
  performance: number
  performanceRuns: number[]
  accessibility: number
  metrics: Record<'FCP' | 'LCP' | 'TBT' | 'CLS' | 'SI', string>
  /** Scripts fetched before the largest paint that the HTML did not name (scriptsFoundLate). */
  scriptsFoundLate: string[]
  /** Lighthouse's reading of this machine's speed (higher is faster); its default CPU slowdown assumes 1500-2000. */
  benchmarkIndex: number
  cpuSlowdown: number
  /** Bytes of JS the browser received for requests it started in the page's first 3 s (earlyScriptBytes). */
  earlyScriptBytes: number
  /** What costs the most: opportunities with their estimated savings, the LCP element, failed accessibility audits. */
  findings: string[]
}
export type PageResult = PageScore | { page: string; skipped: string }

/** The demo admin (README, Demo sign-in); the server is started with these, whatever the environment says. */
const DEMO_ADMIN = { email: 'admin@petcare.local', password: 'Admin@123' }

/** The answer GET /pet/petbyid gives for the bench's pet: a complete one, three photos. */
const pet = completePet({
  _id: PET_ID,
  profilePhotos: PHOTO_KEYS.map((key) => ({ url: `/uploads/${key}` })),
  owner: { name: 'Aarav Sharma', mobileNo: '+91 9876543210', email: 'aarav.sharma@example.com', days: 412 },
})
const petAnswer = JSON.stringify({ isSuccess: true, message: 'Pet fetched successfully', data: pet })

/**
 * A photo-like JPEG, 800 x 600: gradients under a fine grain, about 100 kB (a phone photo's weight
 * at this size); the grain keeps its resized WebP copy from being unrealistically small.
 */
export async function benchPhoto(width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  let seed = 42
  const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 25) - 12
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const g = grain()
      raw[i] = 200 - (y >> 3) + g
      raw[i + 1] = 140 + (x >> 4) + g
      raw[i + 2] = 60 + ((x + y) >> 4) + g
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json'])

/** dist/ on 127.0.0.1 (a free port), with the mocked pet call, photos and their resized copies. */
export async function serveDist(dist: string): Promise<Server> {
  const root = resolve(dist)
  const photo = await benchPhoto()
  const copies = new Map<number, Promise<Uint8Array>>()
  const copyOf = (width: number) => {
    if (!copies.has(width)) copies.set(width, resizePicture(photo, width))
    return copies.get(width)!
  }
  const preview = { name: pet.name, speciesName: pet.species.name, breedName: pet.breed.breedName, age: pet.age, photoUrl: pet.profilePhotos[0]!.url }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
    const send = (status: number, type: string, body: Buffer, cache: string, compress: boolean) => {
      const zipped = compress && gzip
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': cache,
        ...(zipped ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      })
      res.end(zipped ? gzipSync(body) : body)
    }
    if (url.pathname === '/api/v1/pet/petbyid') {
      return url.searchParams.get('petId') === PET_ID
        ? send(200, TYPES['.json']!, Buffer.from(petAnswer), 'no-store', true)
        : send(404, TYPES['.json']!, Buffer.from('{"isSuccess":false,"message":"Pet not found"}'), 'no-store', true)
    }
    if (PHOTO_KEYS.some((key) => url.pathname === `/uploads/${key}`)) return send(200, TYPES['.jpg']!, photo, 'no-cache', false)
    const copy = new RegExp(`^${RESIZED_PATH}/(\\d+)/(.+)$`).exec(url.pathname)
    if (copy && PHOTO_KEYS.includes(copy[2]!) && (RESIZED_WIDTHS as readonly number[]).includes(Number(copy[1]))) {
      return void copyOf(Number(copy[1])).then((body) => send(200, TYPES['.webp']!, Buffer.from(body), 'no-cache', false))
    }
    if (url.pathname === `/pet-details/${PET_ID}`) {
      const baseUrl = `http://${req.headers.host}`
      const tags = petPreviewTags(preview, { pageUrl: `${baseUrl}${url.pathname}`, baseUrl })
      const html = withHeadTags(readFileSync(join(root, 'pet-details.html'), 'utf8'), tags)
      return send(200, TYPES['.html']!, Buffer.from(html), 'no-cache', true)
    }
    const page = url.pathname.startsWith('/pet-details/') ? 'pet-details.html' : url.pathname.slice(1)
    const file = resolve(root, page)
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      return send(404, 'text/plain', Buffer.from('Not found'), 'no-store', false)
    }
    const ext = extname(file)
    const cache = url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    send(200, TYPES[ext] ?? 'application/octet-stream', readFileSync(file), cache, COMPRESSIBLE.has(ext))
  })
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => done(server))
  })
}

/** Starts Chromium with a DevTools port; resolves with the port once it listens. */
function startChromium(profileDir: string): Promise<{ chromium: ChildProcess; port: number }> {
  const chromium = spawn(CHROMIUM_PATH, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, '--no-first-run', '--no-default-browser-check', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  return new Promise((done, fail) => {
    let output = ''
    const timer = setTimeout(() => fail(new Error(`Chromium did not start in 20 s: ${output.slice(-500)}`)), 20_000)
    chromium.once('error', (err) => {
      clearTimeout(timer)
      fail(err)
    })
    chromium.stderr!.on('data', (data: Buffer) => {
      output += data.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match) {
        clearTimeout(timer)
        done({ chromium, port: Number(match[1]) })
      }
    })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

type Lhr = NonNullable<Awaited<ReturnType<typeof LighthouseRun>>>['lhr']
type RequestSent = { timestamp: number; type?: string; request: { url: string }; initiator: { type: string } }

/**
 * The scripts a run fetched before its largest paint that the page's HTML did not name: found
 * only by running the scripts before them (initiated by script, not by the parser), so each is at
 * least one more round trip after the entry. Read from the run's DevTools log (Chromium gives a
 * module's import no usable initiator URL, so how deep each one sits is not read here).
 */
export function scriptsFoundLate(devtoolsLog: { method: string; params: unknown }[], lhr: Lhr): string[] {
  const observed = (lhr.audits.metrics?.details as { items?: { observedNavigationStartTs?: number; observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]
  if (observed?.observedNavigationStartTs === undefined || observed.observedLargestContentfulPaint === undefined) return []
  const paintedAt = (observed.observedNavigationStartTs + observed.observedLargestContentfulPaint * 1000) / 1e6 // seconds, the log's clock
  const late = new Set<string>()
  for (const { method, params } of devtoolsLog) {
    const sent = params as RequestSent
    if (method === 'Network.requestWillBeSent' && sent.type === 'Script' && sent.initiator.type === 'script' && sent.timestamp <= paintedAt) {
      late.add(new URL(sent.request.url).pathname.replace(/^.*\//, ''))
    }
  }
  return [...late]
}

/** How long after the page's start a script counts as loaded with it: the idle loads included. */
const EARLY_WINDOW_MS = 3000

/**
 * The bytes on the wire of the scripts the browser asked for in the page's first EARLY_WINDOW_MS,
 * as observed (the run's network is not slowed; Lighthouse simulates the slow phone afterwards):
 * what a page costs a visitor's data plan, idle and prefetched loads included.
 */
export function earlyScriptBytes(lhr: Lhr): number {
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; networkRequestTime?: number; transferSize?: number }[] } | undefined)?.items ?? []
  return items
    .filter((item) => item.resourceType === 'Script' && item.networkRequestTime !== undefined && item.networkRequestTime <= EARLY_WINDOW_MS)
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
}

/** The median run's top opportunities (estimated savings of 50 ms or more), its LCP element, and any failed accessibility audit. */
function findingsOf(lhr: Lhr): string[] {
  const opportunities = Object.values(lhr.audits)
    .map((audit) => ({ audit, savings: (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0 }))
    .filter(({ audit, savings }) => audit.details?.type === 'opportunity' && savings >= 50)
    .sort((a, b) => b.savings - a.savings)
    .slice(0, 4)
    .map(({ audit, savings }) => `${audit.title}: about ${Math.round(savings)} ms${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items
  const lcpNode = lcpItems?.[0]?.items?.[0]?.node?.snippet
  const accessibility = lhr.categories.accessibility?.auditRefs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `accessibility: ${audit.id}`)
  return [...opportunities, ...(lcpNode ? [`LCP element: ${lcpNode.slice(0, 120)}`] : []), ...(accessibility ?? [])]
}

/** Lighthouse's runs of one page in the Chromium on `port`, scored from the run of median performance. */
async function scorePage(lighthouse: typeof LighthouseRun, port: number, page: LighthousePage, url: string, { cpuSlowdown, runs }: LighthouseOptions): Promise<PageResult> {
  const reports: { lhr: Lhr; foundLate: string[] }[] = []
  for (let i = 0; i < runs; i++) {
    const throttling = cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...throttling })
    const lhr = result?.lhr
    if (!lhr || lhr.runtimeError) return { page: page.page, skipped: `Lighthouse failed: ${lhr?.runtimeError?.message ?? 'no result'}` }
    // A page that sent the browser elsewhere (a lost session) must not be scored as this one.
    const endedAt = new URL(lhr.finalDisplayedUrl).pathname
    if (endedAt !== new URL(url).pathname) return { page: page.page, skipped: `the page ended at ${endedAt}` }
    reports.push({ lhr, foundLate: scriptsFoundLate(result.artifacts.DevtoolsLog, lhr) })
  }
  const scores = reports.map(({ lhr }) => Math.round((lhr.categories.performance?.score ?? 0) * 100))
  const { lhr: mid, foundLate } = reports[scores.indexOf(median(scores))]!
  const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true })
    writeFileSync(join(reportDir, `${page.page.replace(/[^\w-]+/g, '_').replace(/^_$/, 'sign-in')}.json`), JSON.stringify(mid))
  }
  const shown = (id: string) => mid.audits[id]?.displayValue ?? '?'
  return {
    page: page.page,
    performanceGoal: page.performanceGoal,
    performance: median(scores),
    performanceRuns: scores,
    accessibility: Math.round((mid.categories.accessibility?.score ?? 0) * 100),
    metrics: {
      FCP: shown('first-contentful-paint'),
      LCP: shown('largest-contentful-paint'),
      TBT: shown('total-blocking-time'),
      CLS: shown('cumulative-layout-shift'),
      SI: shown('speed-index'),
    },
    scriptsFoundLate: foundLate,
    earlyScriptBytes: earlyScriptBytes(mid),
    benchmarkIndex: Math.round(mid.environment.benchmarkIndex),
    cpuSlowdown: mid.configSettings.throttling.cpuSlowdownMultiplier ?? 0,
    findings: findingsOf(mid),
  }
}

/** Signs the demo admin in through the sign-in form, in Chromium's default profile (where Lighthouse opens its tabs). */
async function signInThroughForm(chromiumPort: number, origin: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromiumPort}`, defaultViewport: null })
  try {
    const tab = await browser.newPage()
    tab.setDefaultTimeout(30_000)
    await tab.goto(`${origin}/`, { waitUntil: 'load' })
    await tab.waitForSelector('input[type="email"], input[name="email"]', { visible: true })
    await tab.type('input[type="email"], input[name="email"]', DEMO_ADMIN.email)
    await tab.type('input[type="password"]', DEMO_ADMIN.password)
    await Promise.all([tab.waitForFunction(`location.pathname === '/dashboard'`), tab.keyboard.press('Enter')])
    await tab.close()
  } finally {
    await browser.disconnect()
  }
}

/** The admin pages, through the built server on the demo data: `/` signed out first, then the others signed in. */
async function scoreAdminPages(lighthouse: typeof LighthouseRun, chromiumPort: number, pages: LighthousePage[], options: LighthouseOptions): Promise<PageResult[]> {
  const { direct } = options
  if (!existsSync(join(REPO_ROOT, 'build/server.js'))) return pages.map(({ page }) => ({ page, skipped: 'the server is not built (npm run build)' }))
  const dataDir = mkdtempSync(join(tmpdir(), 'petcare-lighthouse-data-'))
  let server: ServerProcess | undefined
  let front: Http2Front | undefined
  const results: PageResult[] = []
  try {
    front = direct ? undefined : await http2Front()
    server = await startServer({
      dataDir,
      built: true,
      // Behind the front, the demo pictures are named by its address (https; http ones would be mixed content).
      env: { HOST: '127.0.0.1', SEED_DEMO: 'true', ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password, ...(front && { PUBLIC_URL: front.origin }) },
      readyTimeoutMs: 180_000,
    })
    front?.forwardTo(server.origin)
    const origin = front?.origin ?? server.origin
    let signedIn = false
    for (const page of [...pages].sort((a, b) => Number(a.signedIn ?? false) - Number(b.signedIn ?? false))) {
      if (page.signedIn && !signedIn) {
        await signInThroughForm(chromiumPort, origin)
        signedIn = true
      }
      results.push(await scorePage(lighthouse, chromiumPort, page, origin + page.page, options))
    }
  } catch (err) {
    const reason = `could not run: ${(err as Error).message.split('\n')[0]}`
    for (const { page } of pages) if (!results.some((r) => r.page === page)) results.push({ page, skipped: reason })
  } finally {
    await front?.close()
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM')
      await Promise.race([server.exited, new Promise((done) => setTimeout(done, 10_000))])
      if (server.child.exitCode === null) server.child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return results
}

/** The public pet page, built, from the static server with the fixed pet. */
async function scorePetPage(lighthouse: typeof LighthouseRun, chromiumPort: number, dist: string, page: LighthousePage, options: LighthouseOptions): Promise<PageResult> {
  const { direct } = options
  if (!existsSync(join(dist, 'pet-details.html'))) return { page: page.page, skipped: `${dist}/pet-details.html is not built` }
  const server = await serveDist(dist)
  let front: Http2Front | undefined
  try {
    const served = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    front = direct ? undefined : await http2Front()
    front?.forwardTo(served)
    return await scorePage(lighthouse, chromiumPort, page, `${front?.origin ?? served}/pet-details/${PET_ID}`, options)
  } catch (err) {
    return { page: page.page, skipped: `could not run: ${(err as Error).message.split('\n')[0]}` }
  } finally {
    await front?.close()
    await new Promise((done) => server.close(done))
  }
}

/**
 * Lighthouse's scores of `pages` (all of LIGHTHOUSE_PAGES unless told), in that order; each page
 * that cannot be scored says why. The pages are loaded through an HTTP/2 front over TLS, as
 * deployed (bench/http2-front.ts); `direct` loads them from Node's own HTTP/1.1 server instead.
 */
export async function lighthouseScores(
  dist: string,
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
  { direct = false, cpuSlowdown, runs = LIGHTHOUSE_RUNS }: Partial<LighthouseOptions> = {},
): Promise<PageResult[]> {
  const skipAll = (skipped: string) => pages.map(({ page }) => ({ page, skipped }))
  if (!existsSync(CHROMIUM_PATH)) return skipAll(`no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)`)
  let lighthouse: typeof LighthouseRun
  try {
    lighthouse = (await import('lighthouse')).default
  } catch (err) {
    return skipAll(`the lighthouse package cannot be loaded (${(err as Error).message.split('\n')[0]})`)
  }
  const profileDir = mkdtempSync(join(tmpdir(), 'petcare-lighthouse-'))
  let chromium: ChildProcess | undefined
  try {
    const started = await startChromium(profileDir)
    chromium = started.chromium
    const petPage = pages.find((p) => p.page === PET_PAGE.url)
    const adminPages = pages.filter((p) => p !== petPage)
    const results = [
      ...(petPage ? [await scorePetPage(lighthouse, started.port, dist, petPage, { direct, cpuSlowdown, runs })] : []),
      ...(adminPages.length ? await scoreAdminPages(lighthouse, started.port, adminPages, { direct, cpuSlowdown, runs }) : []),
    ]
    return pages.map(({ page }) => results.find((r) => r.page === page)!)
  } catch (err) {
    return skipAll(`Lighthouse could not run: ${(err as Error).message.split('\n')[0]}`)
  } finally {
    if (chromium && chromium.exitCode === null) {
      const exited = new Promise((done) => chromium!.once('exit', done))
      chromium.kill('SIGTERM')
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))])
    }
    // Chromium's helpers may still be writing its profile as it exits.
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
  }
}
